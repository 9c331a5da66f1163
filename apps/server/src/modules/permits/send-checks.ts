import { sendMissing, V } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import { isAffiliated } from "../../access/affiliations";
import type { TPermitParty } from "../../access/permits";
import type { TDb } from "../../db/client";
import {
  criticalityLevels,
  matrixCells,
  permitEpis,
  permitRisks,
  permitSpecificRisks,
  riskAssignments,
  sectorPermissions,
  users,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { assignedItems } from "../risk-assignments/risk-assignments.repository";
import { resolveDraft } from "./draft-references";
import { draftOf, type TPermitRow } from "./permit-read";

const notListed = () => new AppError("COMPANY_NOT_LISTED", "You no longer work for this company.");

async function namedIds(db: TDb, permitId: string) {
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

/** The criticality level of the permit's cell now (what a send keeps). */
export async function levelOfCell(db: TDb, probabilityId: string, severityId: string) {
  const [level] = await db
    .select({ name: criticalityLevels.name, colour: criticalityLevels.colour, flow: criticalityLevels.flow })
    .from(matrixCells)
    .innerJoin(criticalityLevels, eq(criticalityLevels.id, matrixCells.levelId))
    .where(and(eq(matrixCells.probabilityId, probabilityId), eq(matrixCells.severityId, severityId)));
  return level;
}

async function hasVerifier(db: TDb, sectorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(sectorPermissions)
    .innerJoin(users, eq(users.id, sectorPermissions.managerId))
    .where(
      and(eq(sectorPermissions.sectorId, sectorId), eq(sectorPermissions.canVerify, true), eq(users.status, "active")),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Everything sending needs, checked on the permit as saved: complete (400 with the sendMissing fields), every
 * reference still live (404 / 409 SECTOR_DELETED), everything the place and work type require named (400 with
 * riskIds / specificRiskIds / epiIds), a criticality level in the matrix cell (400), a Verifier for the sector
 * (409 NO_PERMIT_MANAGER), and a contractor still affiliated (404 COMPANY_NOT_LISTED). Answers the level to keep.
 */
export async function checkSendable(db: TDb, party: TPermitParty, row: TPermitRow) {
  const { permit } = row;
  const named = await namedIds(db, permit.id);
  const draft = draftOf(row, named);
  const missing = sendMissing(draft);
  if (Object.keys(missing).length > 0) {
    throw new AppError("VALIDATION_FAILED", "The permit is not complete.", missing);
  }
  if (permit.supplierId && !(await isAffiliated(db, permit.enterpriseId, permit.supplierId))) throw notListed();
  await resolveDraft(db, party, permit.enterpriseId, draft);
  const sectorId = permit.sectorId!;
  const required = await requiredItems(db, { sectorId, subSectorId: permit.subSectorId }, permit.workTypeId!);
  const fields: Record<string, string> = {};
  for (const key of ["riskIds", "specificRiskIds", "epiIds"] as const) {
    const has = new Set(named[key]);
    if (required[key].some((id) => !has.has(id))) fields[key] = V.invalidValue;
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError("VALIDATION_FAILED", "Some required risks, specific risks or EPIs are missing.", fields);
  }
  const level = await levelOfCell(db, permit.probabilityId!, permit.severityId!);
  if (!level) {
    throw new AppError("VALIDATION_FAILED", "The risk matrix has no level for this cell.", {
      severityId: V.severityProbabilityRequired,
    });
  }
  if (!(await hasVerifier(db, sectorId))) throw new AppError("NO_PERMIT_MANAGER", "No permit manager for this sector.");
  return level;
}
