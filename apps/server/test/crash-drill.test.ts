import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runCrashDrill } from "../drills/crash-cycles";
import { runPgRestartDrill } from "../drills/pg-restart-cycles";

/**
 * Short versions of the drills (`npm run drill:crash` runs the long ones; docs/reliability.md). The SIGKILL drill
 * needs the embedded PostgreSQL; the PostgreSQL restart drill restarts a whole cluster, so it runs only when asked
 * (DRILL_PG_RESTART, with the URL of that cluster), alone: CI's PostgreSQL 15 leg runs it as a step of its own.
 */
const externalUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const pgRestart = process.env.DRILL_PG_RESTART;
const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-drill-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The time limits are generous: CI runs these files in the background beside the other tests (.ci/run), on two
// shared cores; what they check is what survives, not how fast.
describe.runIf(!process.env.TEST_DATABASE_URL && !pgRestart)("crash drill on the embedded PostgreSQL", () => {
  it("finds every acknowledged write after each of 3 SIGKILLs during a stream of writes", async () => {
    const result = await runCrashDrill({ dataDir: newDataDir(), cycles: 3, workers: 4, killWindowMs: [300, 1200] });
    for (const cycle of result.cycles) {
      expect(cycle.acknowledged).toBeGreaterThan(0);
      expect(cycle.problems).toEqual([]);
    }
    expect(result.finalProblems).toEqual([]);
    expect(result.ok).toBe(true);
  }, 240_000);
});

describe.skipIf(!(externalUrl && pgRestart))(
  `PostgreSQL restart drill${externalUrl && pgRestart ? "" : " (skipped: set DATABASE_URL and DRILL_PG_RESTART, the command that restarts that PostgreSQL)"}`,
  () => {
    it("answers clean 503s while PostgreSQL is down, writes again within 10 s, and loses no acknowledged write", async () => {
      const server = new URL(externalUrl!);
      const name = `op_drill_${process.pid}`;
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      server.pathname = `/${name}`;
      try {
        const result = await runPgRestartDrill({
          dataDir: newDataDir(),
          databaseUrl: server.toString(),
          restartCommand: pgRestart!,
          cycles: 2,
          workers: 4,
        });
        for (const cycle of result.cycles) {
          expect(cycle.unclean).toEqual([]);
          expect(cycle.problems).toEqual([]);
          expect(cycle.recoveryMs).toBeLessThanOrEqual(10_000);
          expect(cycle.listenerMs).toBeLessThanOrEqual(10_000);
        }
        expect(result.finalProblems).toEqual([]);
      } finally {
        server.pathname = "/postgres";
        const cleanup = new pg.Client({ connectionString: server.toString() });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      }
    }, 180_000);
  },
);
