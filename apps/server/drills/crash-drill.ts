import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCrashDrill } from "./crash-cycles";
import { runPgRestartDrill } from "./pg-restart-cycles";

/**
 * `npm run drill:crash -- [--cycles 20] [--data-dir dir]`: SIGKILL the server during permit writes and check
 * every acknowledged write after each restart. With DATABASE_URL and `--pg-restart "<command>"` (or
 * DRILL_PG_RESTART): restart PostgreSQL under load instead.
 */
const { values } = parseArgs({
  options: {
    cycles: { type: "string", default: "20" },
    "data-dir": { type: "string" },
    "pg-restart": { type: "string" },
    workers: { type: "string", default: "6" },
  },
});
const cycles = Number.parseInt(values.cycles, 10);
const workers = Number.parseInt(values.workers, 10);
const pgRestart = values["pg-restart"] ?? process.env.DRILL_PG_RESTART;
const databaseUrl = process.env.DATABASE_URL;
// A relative --data-dir is taken from where npm was invoked, as DATA_DIR is.
const dataDir = values["data-dir"]
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values["data-dir"])
  : fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-drill-"));
fs.mkdirSync(dataDir, { recursive: true });
// As root the embedded PostgreSQL runs as "postgres", which must reach its directory.
fs.chmodSync(dataDir, 0o755);

let ok: boolean;
if (pgRestart) {
  if (!databaseUrl) {
    console.error("The PostgreSQL restart drill needs DATABASE_URL (the PostgreSQL that --pg-restart restarts).");
    process.exit(2);
  }
  console.log(`PostgreSQL restart drill: ${cycles} cycles, ${workers} writers, restart with: ${pgRestart}`);
  const result = await runPgRestartDrill({
    dataDir,
    databaseUrl,
    restartCommand: pgRestart,
    cycles,
    workers,
    report: (c) =>
      console.log(
        `cycle ${c.cycle}: ${c.acknowledged} writes acknowledged, ${c.cleanRefusals} clean 503s while down, ` +
          `${c.unclean.length} unclean answers, PostgreSQL back in ${c.restartMs} ms, first write ${c.recoveryMs} ms later, ` +
          `notification listener back ${c.listenerMs} ms later` +
          (c.problems.length ? ` — ${c.problems.length} PROBLEMS: ${c.problems.slice(0, 5).join("; ")}` : ""),
      ),
  });
  for (const line of result.finalProblems.slice(0, 20)) console.log(`  lost or wrong: ${line}`);
  console.log(
    `${result.totalAcknowledged} drafts acknowledged; slowest recovery ${result.slowestRecoveryMs} ms. ` +
      `Verdict: ${result.ok ? "PASS" : "FAIL"}`,
  );
  ok = result.ok;
} else {
  console.log(`Crash drill: ${cycles} SIGKILL cycles on the embedded database in ${dataDir}, ${workers} writers`);
  const result = await runCrashDrill({
    dataDir,
    cycles,
    workers,
    report: (c) =>
      console.log(
        `cycle ${c.cycle}: killed after ${c.killedAfterMs} ms, ${c.acknowledged} writes acknowledged ` +
          `(${c.failed} unanswered), restart ${c.restartMs} ms, ` +
          (c.problems.length ? `${c.problems.length} PROBLEMS: ${c.problems.slice(0, 5).join("; ")}` : "all there"),
      ),
  });
  for (const line of result.finalProblems.slice(0, 20)) console.log(`  lost or wrong: ${line}`);
  const restarts = result.cycles.map((c) => c.restartMs).sort((a, b) => a - b);
  const writes = result.cycles.reduce((sum, c) => sum + c.acknowledged, 0);
  console.log(
    `${writes} writes acknowledged on ${result.totalAcknowledged} drafts, all read back: ${result.finalProblems.length === 0}; ` +
      `restart median ${restarts[Math.floor(restarts.length / 2)]} ms, max ${restarts.at(-1)} ms. ` +
      `Verdict: ${result.ok ? "PASS" : "FAIL"}`,
  );
  ok = result.ok;
}
if (!values["data-dir"]) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
