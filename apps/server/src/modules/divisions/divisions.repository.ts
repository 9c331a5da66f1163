import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { divisions, emergencies, files, permits, sectors, users } from "../../db/schema";
import { qualified } from "../../db/sql";

const liveSectors = sql<number>`(SELECT count(*) FROM ${sectors} WHERE ${sectors.divisionId} = ${qualified(divisions.id)} AND ${sectors.deletedAt} IS NULL)`;
const people = sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.divisionId} = ${qualified(divisions.id)})`;
/** The division's records: permits ever requested in it and emergency stops declared for it (kept for good). */
const permitRecords = sql<number>`(SELECT count(*) FROM ${permits} WHERE ${permits.divisionId} = ${qualified(divisions.id)})`;
const emergencyRecords = sql<number>`(SELECT count(*) FROM ${emergencies} WHERE ${emergencies.divisionId} = ${qualified(divisions.id)})`;

const columns = {
  division: divisions,
  sectorCount: liveSectors.mapWith(Number),
  peopleCount: people.mapWith(Number),
};

export async function listDivisions(db: TDb, where: SQL | undefined, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(divisions)
      .where(where)
      .orderBy(asc(sql`lower(${divisions.name})`), asc(divisions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(divisions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDivision(db: TDb, where: SQL) {
  const [row] = await db.select(columns).from(divisions).where(where).limit(1);
  return row;
}

export type TDivisionRow = NonNullable<Awaited<ReturnType<typeof findDivision>>>;

/** Locks a division against new sectors and people (their foreign-key checks wait) and says what it holds. */
export async function lockDivisionContents(db: TDb, id: string, enterpriseId: string) {
  const [row] = await db
    .select({
      id: divisions.id,
      sectors: liveSectors.mapWith(Number),
      people: people.mapWith(Number),
      permits: permitRecords.mapWith(Number),
      emergencies: emergencyRecords.mapWith(Number),
    })
    .from(divisions)
    .where(and(eq(divisions.id, id), eq(divisions.enterpriseId, enterpriseId)))
    .for("update");
  return row;
}

/**
 * Deletes a division that holds no live sector and no person, with its soft-deleted sectors (their
 * sub-sectors and matrix cells follow by cascade) and their map files' records. Returns the storage keys
 * to remove once this commits.
 */
export async function deleteEmptyDivision(db: TDb, id: string): Promise<string[]> {
  const maps = await db
    .select({ fileId: sectors.mapFileId })
    .from(sectors)
    .where(and(eq(sectors.divisionId, id), isNotNull(sectors.deletedAt), isNotNull(sectors.mapFileId)));
  await db.delete(divisions).where(eq(divisions.id, id));
  const fileIds = maps.map((m) => m.fileId!);
  if (fileIds.length === 0) return [];
  const removed = await db.delete(files).where(inArray(files.id, fileIds)).returning({ storageKey: files.storageKey });
  return removed.map((f) => f.storageKey);
}
