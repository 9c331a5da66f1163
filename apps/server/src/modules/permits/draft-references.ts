import { type TPermitDraftParsed, V } from "@openpermit/shared";
import { and, eq, inArray } from "drizzle-orm";
import { enterpriseSpecificRisks, enterpriseWorkTypes } from "../../access/configuration";
import type { TPermitParty } from "../../access/permits";
import type { TDb } from "../../db/client";
import { matrixAxisLevels, sectors, specificRisks, subSectors, workTypes } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import { countKnown } from "../risk-assignments/risk-assignments.repository";

/** A checklist row as stored: the item's text and its source's name as they are now. */
export interface TChecklistRow {
  source: "workType" | "specificRisk";
  sourceId: string;
  sourceName: string;
  itemIndex: number;
  text: string;
  checked: boolean;
  notApplicable: boolean;
  notApplicableReason: string;
}

/** What saving a draft stores beyond its own fields, once every reference is checked. */
export interface TResolvedDraft {
  divisionId: string | null;
  riskIds: string[];
  specificRiskIds: string[];
  epiIds: string[];
  checklist: TChecklistRow[];
}

const sectorDeleted = () => new AppError("SECTOR_DELETED", "This sector or sub-sector was deleted.");
const unique = (ids: string[]) => [...new Set(ids)];

/** The sector's division, once it is a live sector of the enterprise the party may use (404 / 409). */
async function placeOf(db: TDb, party: TPermitParty, enterpriseId: string, draft: TPermitDraftParsed) {
  if (!draft.sectorId) {
    if (draft.subSectorId) {
      throw new AppError("VALIDATION_FAILED", "Choose the sector of the sub-sector.", { sectorId: V.sectorRequired });
    }
    return null;
  }
  const [sector] = await db
    .select({ divisionId: sectors.divisionId, deletedAt: sectors.deletedAt })
    .from(sectors)
    .where(and(eq(sectors.id, draft.sectorId), eq(sectors.enterpriseId, enterpriseId)));
  // A division's manager makes permits in its division's sectors only: the others do not exist for it.
  const outOfDivision = party.side === "principal" && party.divisionId && sector?.divisionId !== party.divisionId;
  if (!sector || outOfDivision) throw notFound("sector");
  if (sector.deletedAt) throw sectorDeleted();
  if (draft.subSectorId) {
    const [sub] = await db
      .select({ deletedAt: subSectors.deletedAt })
      .from(subSectors)
      .where(and(eq(subSectors.id, draft.subSectorId), eq(subSectors.sectorId, draft.sectorId)));
    if (!sub) throw notFound("sub-sector");
    if (sub.deletedAt) throw sectorDeleted();
  }
  return sector.divisionId;
}

async function workTypeOf(db: TDb, enterpriseId: string, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({
      id: workTypes.id,
      name: workTypes.name,
      checklist: workTypes.checklist,
      mayBeNotApplicable: workTypes.checklistMayBeNotApplicable,
    })
    .from(workTypes)
    .where(and(eq(workTypes.id, id), enterpriseWorkTypes(enterpriseId)));
  if (!row) throw notFound("work type");
  return row;
}

async function assertAxisLevel(db: TDb, enterpriseId: string, axis: "probability" | "severity", id: string | null) {
  if (!id) return;
  const [row] = await db
    .select({ id: matrixAxisLevels.id })
    .from(matrixAxisLevels)
    .where(
      and(
        eq(matrixAxisLevels.id, id),
        eq(matrixAxisLevels.enterpriseId, enterpriseId),
        eq(matrixAxisLevels.axis, axis),
      ),
    );
  if (!row) throw notFound(axis);
}

async function specificRisksOf(db: TDb, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: specificRisks.id,
      name: specificRisks.name,
      checklist: specificRisks.checklist,
      mayBeNotApplicable: specificRisks.checklistMayBeNotApplicable,
    })
    .from(specificRisks)
    .where(and(inArray(specificRisks.id, ids), enterpriseSpecificRisks(enterpriseId)));
}

/**
 * Checks every id a draft names against the permit's enterprise (404 for anything else or deleted, 409
 * SECTOR_DELETED for a deleted place) and resolves the checklist's texts. A checklist answer must be of the
 * permit's work type or of one of its specific risks, of an item that exists, and answered "not applicable" only
 * where that item may be (400 `checklist` otherwise).
 */
export async function resolveDraft(
  db: TDb,
  party: TPermitParty,
  enterpriseId: string,
  draft: TPermitDraftParsed,
): Promise<TResolvedDraft> {
  const ids = {
    riskIds: unique(draft.riskIds),
    specificRiskIds: unique(draft.specificRiskIds),
    epiIds: unique(draft.epiIds),
  };
  const [sectorDivision, workType, , , specifics, known] = await Promise.all([
    placeOf(db, party, enterpriseId, draft),
    workTypeOf(db, enterpriseId, draft.workTypeId),
    assertAxisLevel(db, enterpriseId, "probability", draft.probabilityId),
    assertAxisLevel(db, enterpriseId, "severity", draft.severityId),
    specificRisksOf(db, enterpriseId, ids.specificRiskIds),
    countKnown(db, enterpriseId, ids),
  ]);
  const fields: Record<string, string> = {};
  if (known.riskCount !== ids.riskIds.length) fields.riskIds = V.invalidValue;
  if (known.specificCount !== ids.specificRiskIds.length) fields.specificRiskIds = V.invalidValue;
  if (known.epiCount !== ids.epiIds.length) fields.epiIds = V.invalidValue;
  if (Object.keys(fields).length > 0) {
    throw new AppError("NOT_FOUND", "Some risks, specific risks or EPIs do not exist for this enterprise.", fields);
  }

  const sources = new Map<string, { name: string; checklist: string[]; mayBeNotApplicable: number[] }>();
  if (workType) sources.set(`workType:${workType.id}`, workType);
  for (const s of specifics) sources.set(`specificRisk:${s.id}`, s);
  const seen = new Set<string>();
  const checklist: TChecklistRow[] = [];
  for (const answer of draft.checklist) {
    const source = sources.get(`${answer.source}:${answer.sourceId}`);
    const text = source?.checklist[answer.index];
    const key = `${answer.source}:${answer.sourceId}:${answer.index}`;
    // "Not applicable" only where the enterprise allowed it for this very item.
    const notApplicableRefused = answer.notApplicable && !source?.mayBeNotApplicable.includes(answer.index);
    if (!source || text === undefined || seen.has(key) || notApplicableRefused) {
      throw new AppError("VALIDATION_FAILED", "A checklist answer names no item of this permit.", {
        checklist: V.invalidValue,
      });
    }
    seen.add(key);
    checklist.push({
      source: answer.source,
      sourceId: answer.sourceId,
      sourceName: source.name,
      itemIndex: answer.index,
      text,
      checked: answer.checked,
      notApplicable: answer.notApplicable,
      notApplicableReason: answer.notApplicable ? answer.notApplicableReason : "",
    });
  }
  // A manager's draft without a sector yet still belongs to its division (so its division sees it).
  const divisionId = sectorDivision ?? (party.side === "principal" ? party.divisionId : null);
  return { divisionId, ...ids, checklist };
}
