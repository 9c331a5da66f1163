import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { divisions, sectorPermissions, sectors, users } from "../../db/schema";

/** Where a matrix is taken: a whole enterprise, or one of its divisions. */
export interface TMatrixArea {
  enterpriseId: string;
  divisionId?: string;
}

/** The matrix's rows: the area's permit managers that are not disabled. */
export const matrixManagers = (area: TMatrixArea): SQL =>
  and(
    eq(users.enterpriseId, area.enterpriseId),
    area.divisionId ? eq(users.divisionId, area.divisionId) : undefined,
    eq(users.role, "Responsible"),
    ne(users.status, "disabled"),
  )!;

/** The matrix's columns: the area's live sectors. */
export const matrixSectors = (area: TMatrixArea): SQL =>
  and(
    eq(sectors.enterpriseId, area.enterpriseId),
    area.divisionId ? eq(sectors.divisionId, area.divisionId) : undefined,
    isNull(sectors.deletedAt),
  )!;

export async function loadMatrix(db: TDb, area: TMatrixArea) {
  const [managers, columns, cells] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, divisionId: users.divisionId })
      .from(users)
      .where(matrixManagers(area))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),
    db
      .select({ id: sectors.id, name: sectors.name, number: sectors.number, divisionId: sectors.divisionId })
      .from(sectors)
      .innerJoin(divisions, eq(divisions.id, sectors.divisionId))
      .where(matrixSectors(area))
      .orderBy(asc(sql`lower(${divisions.name})`), asc(sectors.number), asc(sectors.id)),
    loadCells(db, area),
  ]);
  return { managers, sectors: columns, cells };
}

/** The cells of the area's matrix, with what the export writes of them. */
export function loadCells(db: TDb, area: TMatrixArea) {
  return db
    .select({
      managerId: sectorPermissions.managerId,
      sectorId: sectorPermissions.sectorId,
      canVerify: sectorPermissions.canVerify,
      canApprove: sectorPermissions.canApprove,
      email: users.email,
      managerName: users.name,
      sectorNumber: sectors.number,
      sectorName: sectors.name,
    })
    .from(sectorPermissions)
    .innerJoin(users, eq(users.id, sectorPermissions.managerId))
    .innerJoin(sectors, eq(sectors.id, sectorPermissions.sectorId))
    .where(and(matrixManagers(area), matrixSectors(area)))
    .orderBy(asc(users.email), asc(sectors.number));
}

export interface TCellChange {
  managerId: string;
  sectorId: string;
  canVerify: boolean;
  canApprove: boolean;
}

/**
 * Sets cells (neither role: the row goes). Rows already holding the same roles are not touched, so
 * importing an export changes nothing, not even who last changed a cell.
 */
export async function writeCells(db: TDb, changes: TCellChange[], by: string) {
  const set = changes.filter((c) => c.canVerify || c.canApprove);
  const cleared = changes.filter((c) => !c.canVerify && !c.canApprove);
  // 5000 rows × 5 parameters stays under PostgreSQL's 65535 bind parameters.
  if (set.length > 0) {
    await db
      .insert(sectorPermissions)
      .values(set.map((c) => ({ ...c, updatedBy: by })))
      .onConflictDoUpdate({
        target: [sectorPermissions.managerId, sectorPermissions.sectorId],
        set: {
          canVerify: sql`excluded.can_verify`,
          canApprove: sql`excluded.can_approve`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${sectorPermissions.canVerify}, ${sectorPermissions.canApprove}) IS DISTINCT FROM (excluded.can_verify, excluded.can_approve)`,
      });
  }
  if (cleared.length > 0) {
    await db.delete(sectorPermissions).where(
      sql`(${sectorPermissions.managerId}, ${sectorPermissions.sectorId}) IN (${sql.join(
        cleared.map((c) => sql`(${c.managerId}::uuid, ${c.sectorId}::uuid)`),
        sql`, `,
      )})`,
    );
  }
}

/** Managers and sectors as they are now, locked until the transaction ends against moves and deletions. */
export async function lockMatrixParties(db: TDb, managerIds: string[], sectorIds: string[]) {
  const [managers, columns] = await Promise.all([
    managerIds.length === 0
      ? []
      : db
          .select({ id: users.id, divisionId: users.divisionId, role: users.role, enterpriseId: users.enterpriseId })
          .from(users)
          .where(inArray(users.id, managerIds))
          .for("share"),
    sectorIds.length === 0
      ? []
      : db
          .select({
            id: sectors.id,
            divisionId: sectors.divisionId,
            enterpriseId: sectors.enterpriseId,
            deletedAt: sectors.deletedAt,
          })
          .from(sectors)
          .where(inArray(sectors.id, sectorIds))
          .for("share"),
  ]);
  return { managers, sectors: columns };
}
