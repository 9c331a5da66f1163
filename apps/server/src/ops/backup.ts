import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import * as tar from "tar";
import { BACKUP_HOLDS_DIR, HELD_FILES_DIR } from "../lib/storage";
import {
  applicationTables,
  migrationLevel,
  qualified,
  setStableSession,
  type TTableFacts,
  tableFacts,
} from "./table-facts";

export const BACKUP_FORMAT = 1;

export interface TBackupFile {
  key: string;
  sha256: string;
  bytes: number;
}

/** manifest.json, the first entry of every archive. */
export interface TManifest {
  format: number;
  appVersion: string;
  migration: { count: number; lastHash: string | null };
  createdAt: string;
  postgresVersion: string;
  tables: TTableFacts[];
  files: TBackupFile[];
}

const APP_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { version: string }
).version;

/**
 * Writes one gzipped tar archive: the manifest, every application table's rows (COPY, text format) read in ONE
 * repeatable-read, read-only transaction — a consistent snapshot while the app keeps running — and the uploaded
 * files that snapshot refers to. Files are write-once under random keys; one deleted after the snapshot began
 * is only moved aside while a backup holds the storage (lib/storage.ts), so it is still there to be archived.
 */
export async function backup(options: { databaseUrl: string; filesDir: string; out: string }): Promise<TManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-backup-"));
  const holdsDir = path.join(options.filesDir, BACKUP_HOLDS_DIR);
  fs.mkdirSync(holdsDir, { recursive: true, mode: 0o700 });
  dropStaleHolds(holdsDir);
  const hold = path.join(holdsDir, `${process.pid}-${randomBytes(4).toString("hex")}`);
  // The hold exists before the snapshot starts: any deletion the snapshot does not see comes after it.
  fs.writeFileSync(hold, new Date().toISOString());
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "openpermit-backup" });
  try {
    await client.connect();
    await setStableSession(client);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const tables = await applicationTables(client);
    const facts = await tableFacts(client, tables);
    const migration = await migrationLevel(client);
    const { rows: version } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    fs.mkdirSync(path.join(staging, "tables"));
    for (const table of tables) {
      await pipeline(
        client.query(copyTo(`COPY ${qualified(table)} TO STDOUT`)),
        fs.createWriteStream(path.join(staging, "tables", `${table}.copy`)),
      );
    }
    const { rows: referenced } = await client.query<{ key: string; sha256: string }>(
      "SELECT storage_key AS key, sha256 FROM files ORDER BY storage_key",
    );
    await client.query("COMMIT");
    const files = await stageFiles(options.filesDir, referenced, path.join(staging, "files"));
    const manifest: TManifest = {
      format: BACKUP_FORMAT,
      appVersion: APP_VERSION,
      migration,
      createdAt: new Date().toISOString(),
      postgresVersion: version[0]!.v,
      tables: facts,
      files,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${options.out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "tables", "files"]);
    fs.renameSync(partial, options.out);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    releaseHold(hold, options.filesDir);
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies each referenced file (from its place or from where a deletion set it aside) and checks its sha256. */
async function stageFiles(
  filesDir: string,
  referenced: Array<{ key: string; sha256: string }>,
  target: string,
): Promise<TBackupFile[]> {
  fs.mkdirSync(target);
  const staged: TBackupFile[] = [];
  for (const { key, sha256 } of referenced) {
    const source = [path.join(filesDir, key), path.join(filesDir, HELD_FILES_DIR, key)].find((p) => fs.existsSync(p));
    if (!source) throw new Error(`The stored file ${key} is missing from ${filesDir}: the backup is incomplete.`);
    const data = await fs.promises.readFile(source);
    const actual = createHash("sha256").update(data).digest("hex");
    if (actual !== sha256) throw new Error(`The stored file ${key} does not match its recorded sha256.`);
    await fs.promises.writeFile(path.join(target, key), data);
    staged.push({ key, sha256, bytes: data.length });
  }
  return staged;
}

/** A hold left by a backup that was killed would keep every deleted file for ever: the dead ones go. */
function dropStaleHolds(holdsDir: string) {
  for (const name of fs.readdirSync(holdsDir)) {
    const pid = Number.parseInt(name.split("-")[0] ?? "", 10);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === "EPERM";
    }
    if (!alive) fs.rmSync(path.join(holdsDir, name), { force: true });
  }
}

/** Ends our hold; the last backup out deletes the files that were set aside meanwhile. */
function releaseHold(hold: string, filesDir: string) {
  fs.rmSync(hold, { force: true });
  const holdsLeft = fs.readdirSync(path.dirname(hold)).length;
  if (holdsLeft === 0) fs.rmSync(path.join(filesDir, HELD_FILES_DIR), { recursive: true, force: true });
}
