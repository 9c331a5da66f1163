import pino from "pino";
import { ConfigError, loadConfig } from "../config";
import { lockDataDir } from "../data-dir/lock";
import { loadOrCreateSecrets } from "../data-dir/secrets";
import { connectDatabase } from "../db/client";
import { startEmbeddedDatabase } from "../db/embedded";
import { verifyAuditChains } from "../modules/audit/verify";

/**
 * `npm run audit:verify`: recomputes every audit chain (DATABASE_URL, or the embedded database of DATA_DIR — stop the
 * server first: the data directory is locked while it runs). Prints each chain's count and first break; exit code 1
 * on any break, 2 when it could not check.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const log = pino({ level: "warn" });
  const cleanups: Array<() => unknown> = [];
  try {
    let url = config.databaseUrl;
    if (!url) {
      cleanups.push(lockDataDir(config.dataDir));
      const embedded = await startEmbeddedDatabase(
        config.dataDir,
        loadOrCreateSecrets(config.dataDir).embeddedPgPassword,
        log,
      );
      cleanups.push(() => embedded.stop());
      url = embedded.url;
    }
    const database = connectDatabase(url, 2);
    cleanups.push(() => database.pool.end());
    const reports = await verifyAuditChains(database.pool);
    for (const report of reports) {
      const verdict = report.firstBreak ? `BROKEN at seq ${report.firstBreak.seq}: ${report.firstBreak.kind}` : "ok";
      console.log(`chain ${report.chain}: ${report.checked} entries checked, ${verdict}`);
    }
    const broken = reports.filter((report) => report.firstBreak !== null).length;
    console.log(`${reports.length} chain(s), ${broken} broken`);
    return broken > 0 ? 1 : 0;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 2;
  },
);
