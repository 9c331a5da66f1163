import { killHard, signInDrillAccount, startDrillServer, stopGracefully, type TDrillServer } from "./drill-server";
import { WriteLedger } from "./write-ledger";

export interface TCrashCycle {
  cycle: number;
  acknowledged: number;
  failed: number;
  killedAfterMs: number;
  restartMs: number;
  problems: string[];
}

export interface TCrashDrillResult {
  cycles: TCrashCycle[];
  /** Every draft acknowledged during the whole drill, all read back after the last restart. */
  totalAcknowledged: number;
  finalProblems: string[];
  ok: boolean;
}

/**
 * SIGKILL drill on the embedded database: writes stream in, the server is killed at a random moment,
 * restarted, and every write acknowledged so far must be read back with its content.
 */
export async function runCrashDrill(options: {
  dataDir: string;
  cycles: number;
  workers?: number;
  /** The kill comes at a random moment in this window after the writes start (ms). */
  killWindowMs?: [number, number];
  report?: (cycle: TCrashCycle) => void;
}): Promise<TCrashDrillResult> {
  const [earliest, latest] = options.killWindowMs ?? [300, 2500];
  const ledger = new WriteLedger();
  const cycles: TCrashCycle[] = [];
  let server: TDrillServer = await startDrillServer({ dataDir: options.dataDir, seed: true });
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const { token, enterpriseId } = await signInDrillAccount(server.url);
      let stopped = false;
      let firstAcknowledged: () => void = () => undefined;
      const flowing = new Promise<void>((resolve) => {
        firstAcknowledged = resolve;
      });
      const writes = ledger.stream({
        url: server.url,
        token,
        enterpriseId,
        workers: options.workers ?? 6,
        stopped: () => stopped,
        onAcknowledged: () => firstAcknowledged(),
      });
      // The random moment is counted from the first acknowledged write: a slow machine still kills mid-stream.
      await Promise.race([flowing, new Promise((r) => setTimeout(r, 30_000))]);
      const killedAfterMs = Math.round(earliest + Math.random() * (latest - earliest));
      await new Promise((r) => setTimeout(r, killedAfterMs));
      await killHard(server);
      stopped = true;
      const figures = await writes;
      server = await startDrillServer({ dataDir: options.dataDir, seed: false });
      const problems = await ledger.verify(server.url, (await signInDrillAccount(server.url)).token);
      const result = {
        cycle,
        acknowledged: figures.acknowledged,
        failed: figures.failed,
        killedAfterMs,
        restartMs: Math.round(server.startMs),
        problems,
      };
      cycles.push(result);
      options.report?.(result);
    }
    const finalProblems = await ledger.verify(server.url, (await signInDrillAccount(server.url)).token);
    return {
      cycles,
      totalAcknowledged: ledger.size,
      finalProblems,
      ok: finalProblems.length === 0 && cycles.every((c) => c.problems.length === 0 && c.acknowledged > 0),
    };
  } finally {
    await stopGracefully(server).catch(() => undefined);
  }
}
