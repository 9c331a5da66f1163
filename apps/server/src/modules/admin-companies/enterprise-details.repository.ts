import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { divisions, enterprises, users } from "../../db/schema";

type TPage = { page: number; pageSize: number };

/** A timestamp as ISO 8601 in UTC, made by PostgreSQL (the driver's own rendering of timestamps varies). */
const isoUtc = (value: SQL) => sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function enterpriseExists(db: TDb, id: string): Promise<boolean> {
  const [row] = await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, id));
  return row !== undefined;
}

/** Qualified: Drizzle leaves a one-table select's columns bare, and a bare "id" in a subquery names its own table. */
const divisionId = sql`${sql.identifier("divisions")}.${sql.identifier("id")}`;

/**
 * The divisions of an enterprise with their live sectors and their managers counted by PostgreSQL, for the page's
 * rows only (sectors_division_name_idx, users_division_idx).
 */
export async function listDivisionsOf(db: TDb, enterpriseId: string, page: TPage) {
  const where = eq(divisions.enterpriseId, enterpriseId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: divisions.id,
        name: divisions.name,
        address: divisions.address,
        province: divisions.province,
        postalCode: divisions.postalCode,
        country: divisions.country,
        sectorCount: sql<number>`(SELECT count(*) FROM sectors s
          WHERE s.division_id = ${divisionId} AND s.deleted_at IS NULL)`.mapWith(Number),
        managerCount: sql<number>`(SELECT count(*) FROM users u WHERE u.division_id = ${divisionId})`.mapWith(Number),
      })
      .from(divisions)
      .where(where)
      .orderBy(asc(sql`lower(${divisions.name})`), asc(divisions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(divisions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The last successful sign-in of a person: the sign-in log is kept by e-mail (auth_attempts_email_idx) and names
 * the account it opened.
 */
const lastSignIn = sql<string | null>`(SELECT ${isoUtc(sql`max(a.created_at)`)} FROM auth_attempts a
  WHERE a.email = lower(${users.email}) AND a.user_id = ${users.id} AND a.outcome = 'success')`;

const ROLE_ORDER = sql`CASE ${users.role} WHEN 'Enterprise' THEN 0 WHEN 'SuperResponsible' THEN 1 ELSE 2 END`;

/** The enterprise's people (its company accounts and its managers), by role then name, with their last sign-in. */
export async function listUsersOf(db: TDb, enterpriseId: string, page: TPage) {
  const where = eq(users.enterpriseId, enterpriseId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        division: { id: divisions.id, name: divisions.name },
        lastSignInAt: lastSignIn,
      })
      .from(users)
      .leftJoin(divisions, eq(divisions.id, users.divisionId))
      .where(where)
      .orderBy(ROLE_ORDER, asc(sql`lower(${users.name})`), asc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The enterprise's activity in one query: permits sent for the first time in each of the last 6 calendar months
 * (UTC; a first send is its credit's consumption in the ledger, credit_transactions_enterprise_idx), and the sign-ins
 * of its people (the latest, and how many people signed in during the last 30 days).
 */
export async function activityOf(db: TDb, enterpriseId: string) {
  const result = await db.execute<{
    month: string;
    permits_sent: number;
    last_sign_in_at: string | null;
    active_users: number;
  }>(sql`
    WITH months AS (
      SELECT generate_series(
        date_trunc('month', now() AT TIME ZONE 'UTC') - interval '5 months',
        date_trunc('month', now() AT TIME ZONE 'UTC'),
        interval '1 month') AS start
    ),
    sent AS (
      SELECT date_trunc('month', c.created_at AT TIME ZONE 'UTC') AS start, count(*)::int AS n
      FROM credit_transactions c
      WHERE c.enterprise_id = ${enterpriseId}::uuid AND c.kind = 'consumption'
        AND c.created_at >= (SELECT min(start) FROM months) AT TIME ZONE 'UTC'
      GROUP BY 1
    ),
    sign_ins AS (
      SELECT max(a.created_at) AS last_at,
        count(DISTINCT a.user_id) FILTER (WHERE a.created_at > now() - interval '30 days')::int AS active
      FROM users u
      JOIN auth_attempts a ON a.email = lower(u.email) AND a.user_id = u.id AND a.outcome = 'success'
      WHERE u.enterprise_id = ${enterpriseId}::uuid
    )
    SELECT to_char(m.start, 'YYYY-MM') AS month, coalesce(sent.n, 0) AS permits_sent,
      ${isoUtc(sql`sign_ins.last_at`)} AS last_sign_in_at, sign_ins.active AS active_users
    FROM months m LEFT JOIN sent ON sent.start = m.start CROSS JOIN sign_ins
    ORDER BY m.start
  `);
  return result.rows;
}
