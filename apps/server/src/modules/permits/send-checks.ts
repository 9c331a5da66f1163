import { isInsideStartWindow, PERMIT_WINDOW_DEFAULTS, sendMissing, type TSendContext, V } from "@openpermit/shared";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { requireLiveContractor } from "../../access/live-contractor";
import type { TPermitParty } from "../../access/permits";
import type { TDb } from "../../db/client";
import {
  enterprises,
  permitChecklistItems,
  permitEpis,
  permitRisks,
  permitSpecificRisks,
  riskAssignments,
  sectorPermissions,
  specificRisks,
  subSectors,
  users,
  workTypes,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { requireCompanyDocuments } from "../compliance/gates";
import { assignedItems } from "../risk-assignments/risk-assignments.repository";
import { resolveDraft } from "./draft-references";
import { levelOfPermit } from "./permit-level";
import { draftOf, type TPermitRow } from "./permit-read";

/** The ids of the risks, specific critical risks and EPIs the permit names. */
export async function namedIds(db: TDb, permitId: string) {
  const [riskRows, specificRows, epiRows] = await Promise.all([
    db.select({ id: permitRisks.riskId }).from(permitRisks).where(eq(permitRisks.permitId, permitId)),
    db
      .select({ id: permitSpecificRisks.specificRiskId })
      .from(permitSpecificRisks)
      .where(eq(permitSpecificRisks.permitId, permitId)),
    db.select({ id: permitEpis.epiId }).from(permitEpis).where(eq(permitEpis.permitId, permitId)),
  ]);
  return {
    riskIds: riskRows.map((r) => r.id),
    specificRiskIds: specificRows.map((r) => r.id),
    epiIds: epiRows.map((r) => r.id),
  };
}

/**
 * What the risk assignments of the permit's place require for its work type: the sector's and, for a
 * sub-sector, the sub-sector's too (the same union the risk-assignments "applicable" answer shows).
 */
async function requiredItems(db: TDb, place: { sectorId: string; subSectorId: string | null }, workTypeId: string) {
  const assignment = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ id: riskAssignments.id })
      .from(riskAssignments)
      .where(and(where, eq(riskAssignments.workTypeId, workTypeId)));
    return row?.id;
  };
  const ids = (
    await Promise.all([
      assignment(eq(riskAssignments.sectorId, place.sectorId)),
      place.subSectorId ? assignment(eq(riskAssignments.subSectorId, place.subSectorId)) : undefined,
    ])
  ).filter((id): id is string => id !== undefined);
  const items = await assignedItems(db, ids);
  return {
    riskIds: items.risks.map((r) => r.risk.id),
    specificRiskIds: items.specificRisks.map((r) => r.specificRisk.id),
    epiIds: items.epis.map((r) => r.epi.id),
  };
}

/**
 * Whether someone other than the permit's creator may verify it: an active Verifier of the sector. Without one the
 * permit would sit unverified for ever (nobody verifies their own permit).
 */
async function hasVerifierOtherThan(db: TDb, sectorId: string, creatorId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(sectorPermissions)
    .innerJoin(users, eq(users.id, sectorPermissions.managerId))
    .where(
      and(
        eq(sectorPermissions.sectorId, sectorId),
        eq(sectorPermissions.canVerify, true),
        eq(users.status, "active"),
        creatorId ? ne(users.id, creatorId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The clock and the settings the send gate judges the window and the place by (shared sendMissing). */
async function sendContextOf(db: TDb, permit: TPermitRow["permit"], now: Date): Promise<TSendContext> {
  const [[enterprise], [workType], [subSector]] = await Promise.all([
    db
      .select({ grace: enterprises.permitStartGraceMinutes })
      .from(enterprises)
      .where(eq(enterprises.id, permit.enterpriseId)),
    db.select({ hours: workTypes.maxValidityHours }).from(workTypes).where(eq(workTypes.id, permit.workTypeId!)),
    db
      .select({ id: subSectors.id })
      .from(subSectors)
      .where(and(eq(subSectors.sectorId, permit.sectorId!), isNull(subSectors.deletedAt)))
      .limit(1),
  ]);
  return {
    now,
    startGraceMinutes: enterprise?.grace ?? PERMIT_WINDOW_DEFAULTS.startGraceMinutes,
    maxValidityHours: workType?.hours ?? PERMIT_WINDOW_DEFAULTS.maxValidityHours,
    subSectorRequired: subSector !== undefined,
  };
}

/**
 * The permit's checklist as sending judges it: every item the work type and each named specific risk have NOW,
 * answered as saved when the saved answer is of that very item (same source, position and text), unanswered
 * otherwise — an item added or reworded since the draft was saved must be answered again, and a "not applicable"
 * counts only while the item may still be answered so.
 */
async function checklistNow(db: TDb, permit: TPermitRow["permit"], specificRiskIds: string[]) {
  const [saved, [workType], risks] = await Promise.all([
    db.select().from(permitChecklistItems).where(eq(permitChecklistItems.permitId, permit.id)),
    db
      .select({ checklist: workTypes.checklist, mayBeNotApplicable: workTypes.checklistMayBeNotApplicable })
      .from(workTypes)
      .where(eq(workTypes.id, permit.workTypeId!)),
    specificRiskIds.length > 0
      ? db
          .select({
            id: specificRisks.id,
            checklist: specificRisks.checklist,
            mayBeNotApplicable: specificRisks.checklistMayBeNotApplicable,
          })
          .from(specificRisks)
          .where(inArray(specificRisks.id, specificRiskIds))
      : Promise.resolve([]),
  ]);
  const answers = new Map(
    saved.map((item) => [`${item.source}:${item.sourceId}:${item.itemIndex}:${item.text}`, item]),
  );
  const sources = [
    {
      source: "workType" as const,
      sourceId: permit.workTypeId!,
      items: workType?.checklist ?? [],
      mayBeNotApplicable: workType?.mayBeNotApplicable ?? [],
    },
    ...risks.map((risk) => ({ source: "specificRisk" as const, sourceId: risk.id, ...pick(risk) })),
  ];
  return sources.flatMap(({ source, sourceId, items, mayBeNotApplicable }) =>
    items.map((text, index) => {
      const answer = answers.get(`${source}:${sourceId}:${index}:${text}`);
      const notApplicable = (answer?.notApplicable ?? false) && mayBeNotApplicable.includes(index);
      return {
        source,
        sourceId,
        index,
        checked: answer?.checked ?? false,
        notApplicable,
        notApplicableReason: notApplicable ? answer!.notApplicableReason : "",
      };
    }),
  );
}

const pick = (risk: { checklist: string[]; mayBeNotApplicable: number[] }) => ({
  items: risk.checklist,
  mayBeNotApplicable: risk.mayBeNotApplicable,
});

/**
 * The send gate, on the permit as saved: complete and answered the safe way (400 with the sendMissing fields:
 * the Yes/No answers, the new risk's description, every checklist item ticked or (where allowed) not applicable
 * with its reason, a window not already past and no
 * longer than the work type allows, the sub-sector of a divided sector), every reference still live (404 / 409
 * SECTOR_DELETED), everything the place and work type require named (400 with riskIds / specificRiskIds /
 * epiIds), a criticality level in the matrix cell (400), a Verifier of the sector other than the creator (409
 * NO_PERMIT_MANAGER), a contractor still affiliated (404 COMPANY_NOT_LISTED) meeting every required company document
 * today (409 COMPLIANCE_DOCUMENTS_MISSING, compliance/gates.ts). Answers the level to keep: the
 * cell's, raised to the highest minimum of the named risks (levelOfPermit).
 */
export async function checkSendable(db: TDb, party: TPermitParty, row: TPermitRow, now: Date) {
  const { permit } = row;
  // A contractor detached meanwhile, or an enterprise disabled, is told so first (and again in the send's transaction).
  await requireLiveContractor(db, party, permit.enterpriseId);
  const named = await namedIds(db, permit.id);
  // Without its place and work type, nothing else can be judged yet.
  if (!permit.sectorId || !permit.workTypeId) {
    throw new AppError("VALIDATION_FAILED", "The permit is not complete.", sendMissing(draftOf(row, named)));
  }
  const [checklist, context] = await Promise.all([
    checklistNow(db, permit, named.specificRiskIds),
    sendContextOf(db, permit, now),
  ]);
  const draft = draftOf(row, named, checklist);
  await resolveDraft(db, party, permit.enterpriseId, draft);
  // Every reason at once, so the form can show them all.
  const fields = sendMissing(draft, context);
  const sectorId = permit.sectorId!;
  const required = await requiredItems(db, { sectorId, subSectorId: permit.subSectorId }, permit.workTypeId!);
  for (const key of ["riskIds", "specificRiskIds", "epiIds"] as const) {
    const has = new Set(named[key]);
    if (required[key].some((id) => !has.has(id))) fields[key] = V.invalidValue;
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError("VALIDATION_FAILED", "The permit cannot be sent as it is.", fields);
  }
  const rated = await levelOfPermit(
    db,
    permit.enterpriseId,
    { probabilityId: permit.probabilityId!, severityId: permit.severityId! },
    named,
  );
  if (!rated) {
    throw new AppError("VALIDATION_FAILED", "The risk matrix has no level for this cell.", {
      severityId: V.severityProbabilityRequired,
    });
  }
  if (!(await hasVerifierOtherThan(db, sectorId, permit.createdBy))) {
    throw new AppError("NO_PERMIT_MANAGER", "No permit manager for this sector.");
  }
  // An internal permit has no contractor: nothing to check.
  if (permit.supplierId) await requireCompanyDocuments(db, permit.enterpriseId, permit.supplierId, now);
  const { name, colour, flow } = rated.level;
  return { name, colour, flow };
}

/**
 * Work is covered only inside its window: from its start less the enterprise's grace to its end (409
 * OUTSIDE_PERMIT_WINDOW otherwise). Before it the precautions may not be in place yet; after it nobody holds it.
 */
export async function checkInsideWindow(db: TDb, row: TPermitRow, now: Date) {
  const { permit } = row;
  const [enterprise] = await db
    .select({ grace: enterprises.permitStartGraceMinutes })
    .from(enterprises)
    .where(eq(enterprises.id, permit.enterpriseId));
  const grace = enterprise?.grace ?? PERMIT_WINDOW_DEFAULTS.startGraceMinutes;
  if (!isInsideStartWindow(permit, grace, now)) {
    throw new AppError("OUTSIDE_PERMIT_WINDOW", "The work can only start inside the permit's period of validity.");
  }
}
