import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { affiliations, suppliers, users } from "../../db/schema";

/**
 * The outer row's id, always qualified: Drizzle leaves a one-table select's columns bare, and a bare "id"
 * inside a subquery would name the subquery's own table.
 */
const outerId = sql`${sql.identifier("suppliers")}.${sql.identifier("id")}`;

/**
 * A supplier with its counts, computed by PostgreSQL in the same query: correlated counts run for the rows
 * of the page only, each through an index (users_supplier_idx, affiliations_supplier_status_idx).
 */
const columns = {
  id: suppliers.id,
  name: suppliers.name,
  email: suppliers.email,
  phone: suppliers.phone,
  status: suppliers.status,
  createdAt: suppliers.createdAt,
  employeeCount: sql<number>`(SELECT count(*) FROM ${users}
    WHERE ${users.supplierId} = ${outerId} AND ${users.role} = 'Employee')`.mapWith(Number),
  affiliationCount: sql<number>`(SELECT count(*) FROM ${affiliations}
    WHERE ${affiliations.supplierId} = ${outerId} AND ${affiliations.status} = 'affiliated')`.mapWith(Number),
};

export async function listAdminSuppliers(db: TDb, where: SQL | undefined, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(suppliers)
      .where(where)
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminSupplier(db: TDb, id: string) {
  const [row] = await db.select(columns).from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row;
}

export type TAdminSupplierRow = NonNullable<Awaited<ReturnType<typeof findAdminSupplier>>>;
