import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { divisions, users } from "../../db/schema";

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  createdAt: users.createdAt,
  division: { id: divisions.id, name: divisions.name },
};

const selectManagers = (db: TDb, where: SQL) =>
  db.select(columns).from(users).innerJoin(divisions, eq(divisions.id, users.divisionId)).where(where);

export async function listManagers(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectManagers(db, where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findManager(db: TDb, where: SQL) {
  const [row] = await selectManagers(db, where).limit(1);
  return row;
}

export type TManagerRow = NonNullable<Awaited<ReturnType<typeof findManager>>>;
