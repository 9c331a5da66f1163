import { asc, count, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { risks } from "../../db/schema";

export async function listRisks(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(risks)
      .where(where)
      .orderBy(asc(sql`lower(${risks.name})`), asc(risks.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(risks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRisk(db: TDb, where: SQL) {
  const [row] = await db.select().from(risks).where(where).limit(1);
  return row;
}

export type TRiskRow = NonNullable<Awaited<ReturnType<typeof findRisk>>>;
