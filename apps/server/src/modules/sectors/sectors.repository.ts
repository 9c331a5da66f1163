import { and, asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { divisions, files, sectorPermissions, sectors, subSectors } from "../../db/schema";
import { qualified } from "../../db/sql";

const columns = {
  sector: sectors,
  division: { id: divisions.id, name: divisions.name },
  map: { id: files.id, contentType: files.contentType, width: files.width, height: files.height, at: files.createdAt },
  subSectorCount:
    sql<number>`(SELECT count(*) FROM ${subSectors} WHERE ${subSectors.sectorId} = ${qualified(sectors.id)} AND ${subSectors.deletedAt} IS NULL)`.mapWith(
      Number,
    ),
};

const selectSectors = (db: TDb, where: SQL) =>
  db
    .select(columns)
    .from(sectors)
    .innerJoin(divisions, eq(divisions.id, sectors.divisionId))
    .leftJoin(files, eq(files.id, sectors.mapFileId))
    .where(where);

export async function listSectors(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectSectors(db, where)
      .orderBy(asc(sql`lower(${divisions.name})`), asc(sectors.number), asc(sectors.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(sectors).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findSector(db: TDb, where: SQL) {
  const [row] = await selectSectors(db, where).limit(1);
  return row;
}

export type TSectorRow = NonNullable<Awaited<ReturnType<typeof findSector>>>;

/** The sector's map file, for serving it. */
export async function findSectorMap(db: TDb, where: SQL) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, byteSize: files.byteSize })
    .from(sectors)
    .innerJoin(files, eq(files.id, sectors.mapFileId))
    .where(where)
    .limit(1);
  return row;
}

/**
 * Soft-deletes a live sector with its sub-sectors (permits that name them stay readable) and clears its
 * matrix cells: nobody verifies or approves in a sector that is gone. False if there was no such sector.
 */
export async function softDeleteSector(db: TDb, id: string): Promise<boolean> {
  const now = new Date();
  const deleted = await db
    .update(sectors)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(sectors.id, id), isNull(sectors.deletedAt)))
    .returning({ id: sectors.id });
  if (deleted.length === 0) return false;
  await db
    .update(subSectors)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(subSectors.sectorId, id), isNull(subSectors.deletedAt)));
  await db.delete(sectorPermissions).where(eq(sectorPermissions.sectorId, id));
  return true;
}

/** Points a live sector at a new map; returns the previous map's file id (null if none), undefined if no sector. */
export async function replaceSectorMap(db: TDb, id: string, fileId: string): Promise<string | null | undefined> {
  const [before] = await db
    .select({ mapFileId: sectors.mapFileId })
    .from(sectors)
    .where(and(eq(sectors.id, id), isNull(sectors.deletedAt)))
    .for("update");
  if (!before) return undefined;
  await db.update(sectors).set({ mapFileId: fileId, updatedAt: new Date() }).where(eq(sectors.id, id));
  return before.mapFileId;
}
