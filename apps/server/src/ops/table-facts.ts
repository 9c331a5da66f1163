import type pg from "pg";

/** What a backup says of one table, and what a restore must find again. */
export interface TTableFacts {
  name: string;
  rows: number;
  /**
   * md5 of the md5s of the table's rows as text (UTC), sorted: independent of row order and of collations, and
   * 32 bytes a row to aggregate, whatever the rows' size.
   */
  checksum: string;
}

export interface TMigrationLevel {
  count: number;
  lastHash: string | null;
}

/** Row texts must not depend on the session: both sides read timestamps in UTC. */
export async function setStableSession(client: pg.ClientBase): Promise<void> {
  await client.query("SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'");
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `public.${quote(table)}`;

/** The application's tables (the `public` schema; the job queue and the migrations journal live elsewhere). */
export async function applicationTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  return rows.map((r) => r.name);
}

/** Counts and checksums of `tables`, in one statement (so within the caller's snapshot). */
export async function tableFacts(client: pg.ClientBase, tables: string[]): Promise<TTableFacts[]> {
  if (tables.length === 0) return [];
  const parts = tables.map(
    (table, i) =>
      `SELECT ${i} AS i, count(*)::bigint AS rows, ` +
      `md5(coalesce(string_agg(r.h, '' ORDER BY r.h COLLATE "C"), '')) AS checksum ` +
      `FROM (SELECT md5(t::text) AS h FROM ${qualified(table)} t) r`,
  );
  const { rows } = await client.query<{ i: number; rows: number; checksum: string }>(parts.join(" UNION ALL "));
  return rows
    .sort((a, b) => a.i - b.i)
    .map((r) => ({ name: tables[r.i]!, rows: Number(r.rows), checksum: r.checksum }));
}

export async function migrationLevel(client: pg.ClientBase): Promise<TMigrationLevel> {
  const { rows } = await client.query<{ count: number; last_hash: string | null }>(
    "SELECT count(*)::int AS count, (array_agg(hash ORDER BY created_at DESC, id DESC))[1] AS last_hash " +
      "FROM drizzle.__drizzle_migrations",
  );
  return { count: Number(rows[0]?.count ?? 0), lastHash: rows[0]?.last_hash ?? null };
}

/**
 * `tables` ordered so that every table comes after those its foreign keys point to, as far as possible: a
 * table pointing to itself, or tables whose keys form a cycle (`cyclic`), cannot be ordered so.
 */
export async function foreignKeyOrder(
  client: pg.ClientBase,
  tables: string[],
): Promise<{ order: string[]; cyclic: boolean }> {
  const { rows } = await client.query<{ child: string; parent: string; self: boolean }>(
    `SELECT child.relname AS child, parent.relname AS parent, child.oid = parent.oid AS self
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent, self } of rows) if (!self) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  let cyclic = rows.some((r) => r.self);
  const unmet = (t: string) => [...parents.get(t)!].filter((p) => !placed.has(p)).length;
  while (order.length < tables.length) {
    const left = tables.filter((t) => !placed.has(t));
    let ready = left.filter((t) => unmet(t) === 0);
    if (ready.length === 0) {
      cyclic = true;
      ready = [left.reduce((best, t) => (unmet(t) < unmet(best) ? t : best))];
    }
    for (const table of ready) {
      placed.add(table);
      order.push(table);
    }
  }
  return { order, cyclic };
}
