import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type TDb = NodePgDatabase<typeof schema>;

export interface TDatabase {
  pool: pg.Pool;
  db: TDb;
}

// PostgreSQL `timestamptz` and `date` values stay as returned by drizzle's own mapping; bigint
// counts are read as numbers (they never approach 2^53 here).
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function connectDatabase(url: string, max = 10): TDatabase {
  // A connection that cannot be had in 10 s fails (a 503) instead of holding the request for ever.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: "openpermit",
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  // Nor one that is checked out but between two queries (a transaction awaiting other work) when PostgreSQL
  // restarts: node-postgres emits that as an 'error' event with no listener, which ends the process. Its next
  // query fails instead (a 503), and the pool discards it on release.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return { pool, db: drizzle(pool, { schema }) };
}

/**
 * Runs `work` in one transaction on one connection. The connection is also handed over raw, for
 * the job queue to insert its job in the same transaction (an e-mail is queued if and only if the
 * change that causes it commits).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: TDb, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(drizzle(client, { schema }), client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
