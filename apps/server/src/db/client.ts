import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type TDb = NodePgDatabase<typeof schema>;

/**
 * What `drizzle(client, { schema })` works out from the schema (every table's relations), worked out once: drizzle
 * does it on every call, and a transaction needs a database object of its own connection. Profiled, that was
 * about 4 % of the server's CPU on the API fuzz test's requests.
 */
const dialect = new PgDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational: RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>> = {
  fullSchema: schema,
  schema: tables.tables as ExtractTablesWithRelations<typeof schema>,
  tableNamesMap: tables.tableNamesMap,
};

/** drizzle on one client or pool, sharing the dialect and relations above (what `drizzle()` builds each time). */
function drizzleOn(client: pg.Pool | pg.PoolClient): TDb {
  return new NodePgDatabase(dialect, new NodePgSession(client, dialect, relational, {}), relational) as TDb;
}

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
  return { pool, db: drizzleOn(pool) };
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
    const result = await work(drizzleOn(client), client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
