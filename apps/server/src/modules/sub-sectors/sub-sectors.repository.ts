import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { sectors, subSectors } from "../../db/schema";

const columns = { subSector: subSectors, sectorName: sectors.name };

/** Sub-sectors with their sector; `where` may test both tables. */
const selectSubSectors = (db: TDb, where: SQL) =>
  db.select(columns).from(subSectors).innerJoin(sectors, eq(sectors.id, subSectors.sectorId)).where(where);

export async function listSubSectors(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectSubSectors(db, where)
      .orderBy(asc(sql`lower(${subSectors.name})`), asc(subSectors.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(subSectors).innerJoin(sectors, eq(sectors.id, subSectors.sectorId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findSubSector(db: TDb, where: SQL) {
  const [row] = await selectSubSectors(db, where).limit(1);
  return row;
}

export type TSubSectorRow = NonNullable<Awaited<ReturnType<typeof findSubSector>>>;
