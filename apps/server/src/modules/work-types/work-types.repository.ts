import { asc, count, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { workTypes } from "../../db/schema";

export async function listWorkTypes(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(workTypes)
      .where(where)
      .orderBy(asc(sql`lower(${workTypes.name})`), asc(workTypes.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(workTypes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findWorkType(db: TDb, where: SQL) {
  const [row] = await db.select().from(workTypes).where(where).limit(1);
  return row;
}

export type TWorkTypeRow = NonNullable<Awaited<ReturnType<typeof findWorkType>>>;
