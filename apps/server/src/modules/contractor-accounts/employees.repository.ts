import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema";

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  createdAt: users.createdAt,
};

/** A supplier's employees (the users_supplier_idx index narrows every query to one supplier first). */
export const employeesOf = (supplierId: string) => and(eq(users.supplierId, supplierId), eq(users.role, "Employee"))!;

export async function listEmployees(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEmployee(db: TDb, where: SQL) {
  const [row] = await db.select(columns).from(users).where(where).limit(1);
  return row;
}

export type TEmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;
