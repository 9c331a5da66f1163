import fs from "node:fs";
import pino from "pino";
import { connectDatabase, type TDatabase } from "../src/db/client";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { runMigrations } from "../src/db/migrate";

export interface TBenchDatabase {
  url: string;
  database: TDatabase;
  /** Whether the bench's data is already there (a kept data directory, or `--reuse`). */
  seeded: boolean;
  stop(): Promise<void>;
}

const isSeeded = async ({ pool }: TDatabase) =>
  (await pool.query("SELECT 1 FROM enterprises WHERE email = 'enterprise-1@bench.openpermit.test'")).rowCount === 1;

const tableCount = async ({ pool }: TDatabase) =>
  Number(
    (
      await pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
      )
    ).rows[0]?.n ?? 0,
  );

/**
 * DATABASE_URL when given (an empty database, or one this bench seeded with `--reuse`); otherwise an embedded
 * PostgreSQL in `dataDir`, wiped first unless `keep`. Migrated by the app's own migrations either way.
 */
export async function openBenchDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  keep: boolean;
  reuse: boolean;
}): Promise<TBenchDatabase> {
  let url = options.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    if (!options.keep) fs.rmSync(options.dataDir, { recursive: true, force: true });
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o755 });
    const embedded = await startEmbeddedDatabase(options.dataDir, "bench-only-password", pino({ level: "warn" }));
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const database = connectDatabase(url, 4);
  const stop = async () => {
    await database.pool.end();
    await stopEmbedded();
  };
  try {
    if (options.databaseUrl && !options.reuse && (await tableCount(database)) > 0) {
      throw new Error(
        "DATABASE_URL names a database that is not empty: give an empty one, or --reuse one seeded by the bench.",
      );
    }
    await runMigrations(database);
    return { url, database, seeded: await isSeeded(database), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
