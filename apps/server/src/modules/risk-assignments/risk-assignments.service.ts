import { type TApplicable, type TRiskAssignment, type TRiskAssignmentInput, V } from "@openpermit/shared";
import { and, eq, sql } from "drizzle-orm";
import { visibleWorkType } from "../../access/configuration";
import {
  mayEditRiskSetup,
  readScope,
  requireRiskSetupEditor,
  riskScope,
  type TReadScope,
} from "../../access/organisation";
import { type TPlace, visiblePlace } from "../../access/sectors";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { riskAssignmentEpis, riskAssignmentRisks, riskAssignmentSpecificRisks, riskAssignments } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { epiIconUrl } from "../epis/epis.service";
import { logogramUrl } from "../specific-risks/specific-risks.service";
import { assignedItems, countKnown, findAssignment } from "./risk-assignments.repository";

const assignmentOf = (place: TPlace, workTypeId: string) =>
  and(
    place.subSectorId
      ? eq(riskAssignments.subSectorId, place.subSectorId)
      : eq(riskAssignments.sectorId, place.sectorId),
    eq(riskAssignments.workTypeId, workTypeId),
  )!;

type TItems = Awaited<ReturnType<typeof assignedItems>>;
const riskItem = ({ risk }: TItems["risks"][number]) => ({
  id: risk.id,
  name: risk.name,
  critical: risk.critical,
  category: risk.category,
});
const specificItem = ({ specificRisk: s }: TItems["specificRisks"][number]) => ({
  id: s.id,
  name: s.name,
  logogramUrl: s.logogramFileId ? logogramUrl(s.id, s.logogramFileId) : null,
});
const epiItem = ({ epi }: TItems["epis"][number]) => ({
  id: epi.id,
  name: epi.name,
  nameFr: epi.nameFr,
  iconUrl: epi.iconFileId ? epiIconUrl(epi.id, epi.iconFileId) : null,
});

async function readAssignment(
  ctx: TContext,
  scope: TReadScope,
  place: TPlace,
  workTypeId: string,
): Promise<TRiskAssignment> {
  const row = await findAssignment(ctx.db, assignmentOf(place, workTypeId));
  const items = await assignedItems(ctx.db, row ? [row.id] : []);
  return {
    sectorId: place.subSectorId ? null : place.sectorId,
    subSectorId: place.subSectorId,
    workTypeId,
    risks: items.risks.map(riskItem),
    specificRisks: items.specificRisks.map(specificItem),
    epis: items.epis.map(epiItem),
    canEdit: await mayEditRiskSetup(ctx, scope),
  };
}

export async function getAssignment(
  ctx: TContext,
  caller: TCaller,
  query: { sectorId?: string | undefined; subSectorId?: string | undefined; workTypeId: string },
) {
  const scope = await riskScope(ctx, caller);
  const place = await visiblePlace(ctx, scope, query);
  await visibleWorkType(ctx, scope.enterpriseId, query.workTypeId);
  return readAssignment(ctx, scope, place, query.workTypeId);
}

/**
 * Replaces the assignment of a place and work type. The enterprise anywhere; a super-responsible in its
 * division's sectors (the only ones it sees) when the enterprise allows it.
 */
export async function putAssignment(ctx: TContext, caller: TCaller, input: TRiskAssignmentInput) {
  const scope = await riskScope(ctx, caller);
  await requireRiskSetupEditor(ctx, scope, "You may not edit risk assignments.");
  const place = await visiblePlace(ctx, scope, input);
  await visibleWorkType(ctx, scope.enterpriseId, input.workTypeId);
  const ids = {
    riskIds: [...new Set(input.riskIds)],
    specificRiskIds: [...new Set(input.specificRiskIds)],
    epiIds: [...new Set(input.epiIds)],
  };
  const known = await countKnown(ctx.db, scope.enterpriseId, ids);
  const fields: Record<string, string> = {};
  if (known.riskCount !== ids.riskIds.length) fields.riskIds = V.invalidValue;
  if (known.specificCount !== ids.specificRiskIds.length) fields.specificRiskIds = V.invalidValue;
  // Only EPIs the enterprise uses may be required.
  if (known.epiCount !== ids.epiIds.length) fields.epiIds = V.invalidValue;
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION_FAILED", "Some items are unknown.", fields);

  await inTransaction(ctx.pool, async (tx) => {
    // Two editors saving the same assignment at once: the second waits here, then replaces the first's.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`risk-assignment:${place.subSectorId ?? place.sectorId}:${input.workTypeId}`}))`,
    );
    await tx.delete(riskAssignments).where(assignmentOf(place, input.workTypeId));
    const empty = ids.riskIds.length + ids.specificRiskIds.length + ids.epiIds.length === 0;
    if (empty) return;
    const [created] = await tx
      .insert(riskAssignments)
      .values({
        enterpriseId: scope.enterpriseId,
        sectorId: place.subSectorId ? null : place.sectorId,
        subSectorId: place.subSectorId,
        workTypeId: input.workTypeId,
        updatedBy: scope.userId,
      })
      .returning({ id: riskAssignments.id });
    const assignmentId = created!.id;
    if (ids.riskIds.length > 0) {
      await tx.insert(riskAssignmentRisks).values(ids.riskIds.map((riskId) => ({ assignmentId, riskId })));
    }
    if (ids.specificRiskIds.length > 0) {
      await tx
        .insert(riskAssignmentSpecificRisks)
        .values(ids.specificRiskIds.map((specificRiskId) => ({ assignmentId, specificRiskId })));
    }
    if (ids.epiIds.length > 0) {
      await tx.insert(riskAssignmentEpis).values(ids.epiIds.map((epiId) => ({ assignmentId, epiId })));
    }
  });
  ctx.log.info(
    { event: "risk-assignment", ...place, workTypeId: input.workTypeId, by: scope.userId },
    "risk assignment replaced",
  );
  return readAssignment(ctx, scope, place, input.workTypeId);
}

/**
 * What applies to a place and work type: the sector's assignment ∪ the sub-sector's. Items from the sector
 * are `inherited` when a sub-sector was asked for; an item both name is listed once, as inherited.
 */
export async function applicable(
  ctx: TContext,
  caller: TCaller,
  query: { sectorId: string; subSectorId?: string | undefined; workTypeId: string; enterpriseId?: string | undefined },
): Promise<TApplicable> {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const place = await visiblePlace(ctx, scope, query);
  const workType = await visibleWorkType(ctx, scope.enterpriseId, query.workTypeId);
  const sectorAssignment = await findAssignment(
    ctx.db,
    assignmentOf({ sectorId: place.sectorId, subSectorId: null }, workType.id),
  );
  const subAssignment = place.subSectorId ? await findAssignment(ctx.db, assignmentOf(place, workType.id)) : undefined;
  const items = await assignedItems(
    ctx.db,
    [sectorAssignment?.id, subAssignment?.id].filter((id): id is string => id !== undefined),
  );
  const fromSector = (assignmentId: string) => place.subSectorId !== null && assignmentId === sectorAssignment?.id;
  /** Sector items first (they are inherited), then the sub-sector's additions; each item once. */
  const merge = <T extends { assignmentId: string }, R extends { id: string }>(rows: T[], map: (row: T) => R) => {
    const seen = new Set<string>();
    const ordered = [...rows].sort((a, b) => Number(fromSector(b.assignmentId)) - Number(fromSector(a.assignmentId)));
    const out: (R & { inherited: boolean })[] = [];
    for (const row of ordered) {
      const item = map(row);
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push({ ...item, inherited: fromSector(row.assignmentId) });
    }
    return out;
  };
  return {
    sectorId: place.sectorId,
    subSectorId: place.subSectorId,
    workType: { id: workType.id, name: workType.name, kind: workType.kind, checklist: workType.checklist },
    risks: merge(items.risks, riskItem),
    specificRisks: merge(items.specificRisks, (row) => ({
      ...specificItem(row),
      checklist: row.specificRisk.checklist,
      trainingUrl: row.specificRisk.trainingUrl,
    })),
    epis: merge(items.epis, epiItem),
  };
}
