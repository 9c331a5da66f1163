import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { loadConfig } from "../config";
import { backup } from "./backup";
import { openDatabase } from "./open-database";

/**
 * `npm run backup -- [--out file] [--data-dir dir]`: one archive of the database (DATABASE_URL, or the embedded
 * one of DATA_DIR — the running server's, or started for the occasion) and of the uploaded files.
 */
const { values } = parseArgs({ options: { out: { type: "string" }, "data-dir": { type: "string" } } });
const base = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
const stamp = new Date().toISOString().replaceAll(":", "-").replace(/\..*/, "");
const out = path.resolve(base, values.out ?? `openpermit-backup-${stamp}.tar.gz`);
const log = pino({ level: "warn" });

const database = await openDatabase(config.dataDir, config.databaseUrl, log);
try {
  const started = performance.now();
  const manifest = await backup({ databaseUrl: database.url, filesDir: path.join(config.dataDir, "files"), out });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written to ${out}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files, ` +
      `migration ${manifest.migration.count}, in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
