import type pg from "pg";
import { hashPassword } from "../src/lib/passwords";
import { BENCH_PASSWORD, seedOrganisation } from "./seed-organisation";
import { seedHistory, seedPermits } from "./seed-permits";

/** Permits are inserted this many per transaction: big enough to be set-based, small enough to show progress. */
const CHUNK = 100_000;

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await work(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface TSeedOptions {
  permits: number;
  /** Extra `sended` permits in enterprise 1's first sector, for the verify route (each is verified once). */
  sendedForVerify: number;
  /** Each permit's history events (the list's "changed since" filter reads them); the query-plan test skips them. */
  history?: boolean;
  progress?: (message: string) => void;
}

/**
 * The bench's data in a migrated, empty database: organisation, permits with their history, then VACUUM ANALYZE so the
 * planner sees the real sizes and indexes (as autovacuum would soon after in production).
 */
export async function seedBench(pool: pg.Pool, options: TSeedOptions): Promise<void> {
  const say = options.progress ?? (() => undefined);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await inTransaction(pool, (client) => seedOrganisation(client, passwordHash));
  say("organisation seeded");
  for (let from = 1; from <= options.permits; from += CHUNK) {
    const to = Math.min(options.permits, from + CHUNK - 1);
    await inTransaction(pool, (client) => seedPermits(client, { from, to }));
    say(`permits ${to.toLocaleString("en")} / ${options.permits.toLocaleString("en")}`);
  }
  if (options.sendedForVerify > 0) {
    const from = options.permits + 1;
    await inTransaction(pool, (client) =>
      seedPermits(client, { from, to: from + options.sendedForVerify - 1 }, { sectorIndex: 0 }),
    );
    say(`${options.sendedForVerify.toLocaleString("en")} sent permits to verify`);
  }
  if (options.history !== false) {
    await inTransaction(pool, (client) => seedHistory(client));
    say("history seeded");
  }
  // VACUUM too: bulk-inserted rows wait in the trigram indexes' pending lists (GIN fast update), which every
  // search then reads whole and the planner prices accordingly, until autovacuum merges them, as it soon would.
  await pool.query("VACUUM (ANALYZE)");
}
