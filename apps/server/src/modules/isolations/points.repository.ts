import type { TIsolationPoint } from "@openpermit/shared";
import { and, asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { isolationApplications, isolationPoints, sectors, subSectors, users } from "../../db/schema";

const applier = alias(users, "applier");
const prover = alias(users, "prover");

const columns = {
  point: isolationPoints,
  divisionId: sectors.divisionId,
  sectorName: sectors.name,
  sectorNumber: sectors.number,
  subSectorName: subSectors.name,
  application: isolationApplications,
  applierName: applier.name,
  proverName: prover.name,
};

/** Points with their sector, sub-sector and the isolation in place now (if any); `where` may test each table. */
export const selectPoints = (db: TDb, where: SQL) =>
  db
    .select(columns)
    .from(isolationPoints)
    .innerJoin(sectors, eq(sectors.id, isolationPoints.sectorId))
    .leftJoin(subSectors, and(eq(subSectors.id, isolationPoints.subSectorId), isNull(subSectors.deletedAt)))
    .leftJoin(
      isolationApplications,
      and(eq(isolationApplications.pointId, isolationPoints.id), isNull(isolationApplications.releasedAt)),
    )
    .leftJoin(applier, eq(applier.id, isolationApplications.appliedBy))
    .leftJoin(prover, eq(prover.id, isolationApplications.provenBy))
    .where(where);

export type TPointRow = Awaited<ReturnType<ReturnType<typeof selectPoints>["execute"]>>[number];

const byTag = [asc(sql`lower(${isolationPoints.tag})`), asc(isolationPoints.id)];

export async function listPoints(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectPoints(db, where)
      .orderBy(...byTag)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(isolationPoints)
      .innerJoin(sectors, eq(sectors.id, isolationPoints.sectorId))
      .leftJoin(
        isolationApplications,
        and(eq(isolationApplications.pointId, isolationPoints.id), isNull(isolationApplications.releasedAt)),
      )
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every point meeting `where`, by tag (a permit's few, the points in place, an export). */
export const allPoints = (db: TDb, where: SQL) => selectPoints(db, where).orderBy(...byTag);

export async function findPoint(db: TDb, where: SQL) {
  const [row] = await selectPoints(db, where).limit(1);
  return row;
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);

export function toPoint(row: TPointRow): TIsolationPoint {
  const { point, application: a } = row;
  return {
    id: point.id,
    tag: point.tag,
    equipment: point.equipment,
    energy: point.energy,
    method: point.method,
    divisionId: row.divisionId,
    sectorId: point.sectorId,
    sectorName: row.sectorName,
    subSectorId: row.subSectorName === null ? null : point.subSectorId,
    subSectorName: row.subSectorName,
    x: point.x,
    y: point.y,
    application: a
      ? {
          id: a.id,
          lockNumber: a.lockNumber,
          appliedBy: person(a.appliedBy, row.applierName),
          appliedAt: a.appliedAt.toISOString(),
          provenBy: person(a.provenBy, row.proverName),
          provenAt: a.provenAt?.toISOString() ?? null,
          proofDeclaration: a.proofDeclaration,
        }
      : null,
    createdAt: point.createdAt.toISOString(),
  };
}

/** Where an isolation stands: none in place, applied (not proven), or applied and proven. */
export const isolationStateOf = (application: TIsolationPoint["application"]) =>
  !application ? ("none" as const) : application.provenAt ? ("proven" as const) : ("applied" as const);
