import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { demands, enterprises, users } from "../../db/schema";

const columns = {
  demand: demands,
  enterprise: { id: enterprises.id, name: enterprises.name, status: enterprises.status },
  requester: { id: users.id, name: users.name, email: users.email, phone: users.phone, language: users.language },
};

function enterpriseAccountDemands(db: TDb, where: SQL | undefined) {
  return db
    .select(columns)
    .from(demands)
    .innerJoin(enterprises, eq(enterprises.id, demands.enterpriseId))
    .leftJoin(users, eq(users.id, demands.requestedBy))
    .where(and(eq(demands.kind, "enterprise_account"), where));
}

export async function listEnterpriseAccountDemands(
  db: TDb,
  filter: { status?: (typeof demands.$inferSelect)["status"] | undefined; page: number; pageSize: number },
) {
  const where = filter.status ? eq(demands.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    enterpriseAccountDemands(db, where)
      .orderBy(desc(demands.createdAt), desc(demands.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(demands)
      .where(and(eq(demands.kind, "enterprise_account"), where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEnterpriseAccountDemand(db: TDb, id: string) {
  const [row] = await enterpriseAccountDemands(db, eq(demands.id, id)).limit(1);
  return row;
}

export type TEnterpriseDemandRow = NonNullable<Awaited<ReturnType<typeof findEnterpriseAccountDemand>>>;
