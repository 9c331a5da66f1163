import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { loadConfig } from "../config";
import { openDatabase } from "./open-database";
import { restore } from "./restore";

/**
 * `npm run restore -- --from file --data-dir dir`: restores an archive into a fresh data directory (its embedded
 * database), or with DATABASE_URL into that empty database (and the data directory's files). The server must not run
 * on the target.
 */
const { values } = parseArgs({ options: { from: { type: "string" }, "data-dir": { type: "string" } } });
if (!values.from || !values["data-dir"]) {
  console.error("Usage: npm run restore -- --from <archive.tar.gz> --data-dir <new data directory>");
  process.exit(2);
}
const base = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig({ ...process.env, DATA_DIR: values["data-dir"] });
const log = pino({ level: "warn" });

const database = await openDatabase(config.dataDir, config.databaseUrl, log);
try {
  if (!config.databaseUrl && !database.startedHere) {
    throw new Error(`A server is running on ${config.dataDir}: restore into a fresh data directory.`);
  }
  const started = performance.now();
  const manifest = await restore({
    from: path.resolve(base, values.from),
    databaseUrl: database.url,
    filesDir: path.join(config.dataDir, "files"),
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${manifest.tables.length} tables (${rows} rows, counts and checksums checked) and ${manifest.files.length} ` +
      `files (sha256 checked) from the backup of ${manifest.createdAt} into ${config.dataDir}, in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
