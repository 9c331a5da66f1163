import { matrixDeadEnds, type TDeadEnd, type TFlow, type TSectorMatrix } from "@openpermit/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { editorScope } from "../../access/organisation";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { criticalityLevels, divisions, permits, sectorPermissions, sectors, users } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { matrixSectors, type TMatrixArea } from "./permissions.repository";
import { areaOf } from "./permissions.service";

/**
 * The area's live sectors with their active managers' cells, in one read: whether each may verify or approve,
 * and whether they create permits in the sector themselves (an internal permit of theirs there, in any status).
 */
async function sectorMatrices(db: TDb, area: TMatrixArea): Promise<TSectorMatrix[]> {
  const rows = await db
    .select({
      sectorId: sectors.id,
      sectorName: sectors.name,
      divisionId: sectors.divisionId,
      managerId: users.id,
      managerName: users.name,
      canVerify: sectorPermissions.canVerify,
      canApprove: sectorPermissions.canApprove,
      createsPermits: sql<boolean>`EXISTS (SELECT 1 FROM ${permits} WHERE ${permits.sectorId} = ${sectors.id}
        AND ${permits.createdBy} = ${users.id} AND ${permits.internal})`,
    })
    .from(sectors)
    .innerJoin(divisions, eq(divisions.id, sectors.divisionId))
    .leftJoin(sectorPermissions, eq(sectorPermissions.sectorId, sectors.id))
    // Only people who can act now: a disabled or not yet confirmed account verifies nothing.
    .leftJoin(users, and(eq(users.id, sectorPermissions.managerId), eq(users.status, "active")))
    .where(matrixSectors(area))
    .orderBy(asc(sql`lower(${divisions.name})`), asc(sectors.number), asc(sectors.id));
  const bySector = new Map<string, TSectorMatrix & { managers: TSectorMatrix["managers"][number][] }>();
  for (const row of rows) {
    const sector = bySector.get(row.sectorId) ?? {
      id: row.sectorId,
      name: row.sectorName,
      divisionId: row.divisionId,
      managers: [],
    };
    bySector.set(row.sectorId, sector);
    if (row.managerId && row.managerName !== null) {
      sector.managers.push({
        id: row.managerId,
        name: row.managerName,
        canVerify: row.canVerify === true,
        canApprove: row.canApprove === true,
        createsPermits: row.createsPermits,
      });
    }
  }
  return [...bySector.values()];
}

/** The names of the enterprise's levels per flow they require (the flows its permits can take). */
async function levelsByFlow(db: TDb, enterpriseId: string) {
  const levels = await db
    .select({ name: criticalityLevels.name, flow: criticalityLevels.flow })
    .from(criticalityLevels)
    .where(eq(criticalityLevels.enterpriseId, enterpriseId))
    .orderBy(asc(criticalityLevels.position));
  const flows: Partial<Record<TFlow, string[]>> = {};
  for (const level of levels) flows[level.flow] = [...(flows[level.flow] ?? []), level.name];
  return flows;
}

/**
 * GET /api/permissions/dead-ends: every criticality flow of the area's sectors that cannot complete with the
 * matrix as it is (matrixDeadEnds). The enterprise: all its divisions or one; a super-responsible: its own
 * (another division's id: 404).
 */
export async function getDeadEnds(ctx: TContext, caller: TCaller, divisionId: string | undefined): Promise<TDeadEnd[]> {
  const scope = await editorScope(ctx, caller);
  const area = await areaOf(ctx, scope, divisionId);
  const [matrices, flows] = await Promise.all([sectorMatrices(ctx.db, area), levelsByFlow(ctx.db, area.enterpriseId)]);
  return matrixDeadEnds(matrices, flows);
}
