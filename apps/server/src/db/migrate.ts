import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { TDatabase } from "./client";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "migrations");

/** Applies the committed SQL migrations; an advisory lock keeps several starting instances in line. */
export async function runMigrations({ pool, db }: TDatabase): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('openpermit:migrations'))");
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('openpermit:migrations'))").catch(() => undefined);
    client.release();
  }
}

export async function assertPostgresVersion({ pool }: TDatabase): Promise<void> {
  const { rows } = await pool.query<{ server_version_num: string }>("SHOW server_version_num");
  const version = Number(rows[0]?.server_version_num ?? 0);
  if (version < 150000) throw new Error(`PostgreSQL 15 or newer is required (found ${version}).`);
}
