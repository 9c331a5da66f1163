import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { affiliations, demands, divisions, enterprises, users } from "../../db/schema";

/**
 * The outer row's id, always qualified: Drizzle leaves a one-table select's columns bare, and a bare "id"
 * inside a subquery would name the subquery's own table.
 */
const outerId = sql`${sql.identifier("enterprises")}.${sql.identifier("id")}`;

/**
 * An enterprise with its counts, computed by PostgreSQL in the same query: correlated counts run for the
 * rows of the page only, each through an index (divisions_enterprise_idx, users_enterprise_idx,
 * affiliations_enterprise_status_idx).
 */
const columns = {
  id: enterprises.id,
  name: enterprises.name,
  email: enterprises.email,
  phone: enterprises.phone,
  status: enterprises.status,
  createdAt: enterprises.createdAt,
  divisionCount: sql<number>`(SELECT count(*) FROM ${divisions}
    WHERE ${divisions.enterpriseId} = ${outerId})`.mapWith(Number),
  managerCount: sql<number>`(SELECT count(*) FROM ${users}
    WHERE ${users.enterpriseId} = ${outerId}
      AND ${users.role} IN ('SuperResponsible', 'Responsible'))`.mapWith(Number),
  contractorCount: sql<number>`(SELECT count(*) FROM ${affiliations}
    WHERE ${affiliations.enterpriseId} = ${outerId} AND ${affiliations.status} = 'affiliated')`.mapWith(Number),
};

export async function listAdminEnterprises(db: TDb, where: SQL | undefined, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(enterprises)
      .where(where)
      .orderBy(asc(sql`lower(${enterprises.name})`), asc(enterprises.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(enterprises).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminEnterprise(db: TDb, id: string) {
  const [row] = await db.select(columns).from(enterprises).where(eq(enterprises.id, id)).limit(1);
  return row;
}

export type TAdminEnterpriseRow = NonNullable<Awaited<ReturnType<typeof findAdminEnterprise>>>;

/** What the profile adds: address, website, the enterprise's own accounts and its pending account demand. */
export async function findEnterpriseDetails(db: TDb, id: string) {
  const [[company], accounts, [demand]] = await Promise.all([
    db
      .select({ address: enterprises.address, website: enterprises.website })
      .from(enterprises)
      .where(eq(enterprises.id, id)),
    db
      .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, status: users.status })
      .from(users)
      .where(and(eq(users.enterpriseId, id), eq(users.role, "Enterprise")))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),
    db
      .select({ id: demands.id })
      .from(demands)
      .where(and(eq(demands.enterpriseId, id), eq(demands.kind, "enterprise_account"), eq(demands.status, "pending")))
      .limit(1),
  ]);
  return company ? { ...company, accounts, pendingDemandId: demand?.id ?? null } : undefined;
}
