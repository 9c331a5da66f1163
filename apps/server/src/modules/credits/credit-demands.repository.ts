import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { demands, enterprises, users } from "../../db/schema";

const columns = {
  demand: demands,
  enterprise: { id: enterprises.id, name: enterprises.name },
  requester: { id: users.id, name: users.name, email: users.email },
};

const isCredits = eq(demands.kind, "credits");

function creditDemands(db: TDb, where: SQL | undefined) {
  return db
    .select(columns)
    .from(demands)
    .innerJoin(enterprises, eq(enterprises.id, demands.enterpriseId))
    .leftJoin(users, eq(users.id, demands.requestedBy))
    .where(and(isCredits, where));
}

type TStatus = (typeof demands.$inferSelect)["status"];

/** One page of credits demands, newest first: one enterprise's, or every enterprise's (the admin). */
export async function listCreditDemands(
  db: TDb,
  filter: { enterpriseId?: string; status?: TStatus | undefined; page: number; pageSize: number },
) {
  const where = and(
    filter.enterpriseId ? eq(demands.enterpriseId, filter.enterpriseId) : undefined,
    filter.status ? eq(demands.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    creditDemands(db, where)
      .orderBy(desc(demands.createdAt), desc(demands.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(demands).where(and(isCredits, where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A credits demand by id, within one enterprise when `enterpriseId` is given (another's is not found). */
export async function findCreditDemand(db: TDb, id: string, enterpriseId?: string) {
  const [row] = await creditDemands(
    db,
    and(eq(demands.id, id), enterpriseId ? eq(demands.enterpriseId, enterpriseId) : undefined),
  ).limit(1);
  return row;
}

export type TCreditDemandRow = NonNullable<Awaited<ReturnType<typeof findCreditDemand>>>;

/** Whether the enterprise has a credits demand waiting for the admin. */
export async function hasPendingCreditDemand(db: TDb, enterpriseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: demands.id })
    .from(demands)
    .where(and(isCredits, eq(demands.enterpriseId, enterpriseId), eq(demands.status, "pending")))
    .limit(1);
  return row !== undefined;
}
