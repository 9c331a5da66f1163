import { exec } from "node:child_process";
import { promisify } from "node:util";
import { signInDrillAccount, startDrillServer, stopGracefully } from "./drill-server";
import { openNotificationStream, waitForListener } from "./listener-check";
import { WriteLedger } from "./write-ledger";

const run = promisify(exec);

/** Once PostgreSQL is back, the server must take writes again within this time. */
export const RECOVERY_LIMIT_MS = 10_000;

export interface TPgRestartCycle {
  cycle: number;
  acknowledged: number;
  cleanRefusals: number;
  unclean: string[];
  /** How long the restart command took (PostgreSQL down, then up again). */
  restartMs: number;
  /** From PostgreSQL being back to the first write acknowledged. */
  recoveryMs: number;
  /** From PostgreSQL being back to the notification listener's new LISTEN connection. */
  listenerMs: number;
  problems: string[];
}

export interface TPgRestartResult {
  cycles: TPgRestartCycle[];
  totalAcknowledged: number;
  slowestRecoveryMs: number;
  finalProblems: string[];
  ok: boolean;
}

/**
 * PostgreSQL (given by DATABASE_URL) restarted under a stream of writes, the server left running: while the
 * database is down every answer must be a clean 503, writes must flow again within 10 s of its return, and no
 * acknowledged write may be lost.
 */
export async function runPgRestartDrill(options: {
  dataDir: string;
  databaseUrl: string;
  restartCommand: string;
  cycles: number;
  workers?: number;
  report?: (cycle: TPgRestartCycle) => void;
}): Promise<TPgRestartResult> {
  const ledger = new WriteLedger();
  const cycles: TPgRestartCycle[] = [];
  const server = await startDrillServer({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, seed: true });
  try {
    const { token, enterpriseId } = await signInDrillAccount(server.url);
    const closeStream = await openNotificationStream(server.url, token);
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      let stopped = false;
      let lastAcknowledgedAt = 0;
      const writes = ledger.stream({
        url: server.url,
        token,
        enterpriseId,
        workers: options.workers ?? 6,
        stopped: () => stopped,
        pauseOnFailureMs: 100,
        onAcknowledged: () => {
          lastAcknowledgedAt = performance.now();
        },
      });
      await new Promise((r) => setTimeout(r, 800));
      const restartStarted = performance.now();
      const restartStartedAt = Date.now();
      await run(options.restartCommand, { timeout: 60_000 });
      const backAt = performance.now();
      const listening = waitForListener(options.databaseUrl, restartStartedAt, RECOVERY_LIMIT_MS);
      while (lastAcknowledgedAt < backAt && performance.now() - backAt < RECOVERY_LIMIT_MS * 2) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const recoveryMs =
        lastAcknowledgedAt >= backAt ? Math.round(lastAcknowledgedAt - backAt) : Number.POSITIVE_INFINITY;
      await new Promise((r) => setTimeout(r, 500));
      stopped = true;
      const figures = await writes;
      const listenerMs = await listening;
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output().slice(-3000)}`);
      const problems = await ledger.verify(server.url, token);
      if (figures.unanswered > 0) problems.push(`${figures.unanswered} requests got no HTTP answer`);
      const result: TPgRestartCycle = {
        cycle,
        acknowledged: figures.acknowledged,
        cleanRefusals: figures.failed - figures.unanswered - figures.unclean.length,
        unclean: figures.unclean,
        restartMs: Math.round(backAt - restartStarted),
        recoveryMs,
        listenerMs,
        problems,
      };
      cycles.push(result);
      options.report?.(result);
    }
    closeStream();
    const finalProblems = await ledger.verify(server.url, token);
    const slowestRecoveryMs = Math.max(...cycles.map((c) => Math.max(c.recoveryMs, c.listenerMs)));
    return {
      cycles,
      totalAcknowledged: ledger.size,
      slowestRecoveryMs,
      finalProblems,
      ok:
        finalProblems.length === 0 &&
        slowestRecoveryMs <= RECOVERY_LIMIT_MS &&
        cycles.every((c) => c.problems.length === 0 && c.unclean.length === 0),
    };
  } finally {
    await stopGracefully(server).catch(() => undefined);
  }
}
