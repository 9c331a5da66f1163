import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import * as tar from "tar";
import { connectDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { BACKUP_FORMAT, type TManifest } from "./backup";
import {
  applicationTables,
  foreignKeyOrder,
  migrationLevel,
  qualified,
  setStableSession,
  tableFacts,
} from "./table-facts";

export class RestoreRefusedError extends Error {}

/**
 * Restores an archive of `backup()` into an EMPTY database and files directory: the app's own migrations make the
 * schema, then every table's rows go in with COPY in foreign-key order (with the foreign-key triggers off where the
 * keys form a cycle, which needs a superuser), identity and serial sequences are set past the restored ids, the files
 * are copied, and the manifest's counts and checksums, and each file's sha256, are checked. Anything non-empty is
 * refused before anything is written.
 */
export async function restore(options: { from: string; databaseUrl: string; filesDir: string }): Promise<TManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-restore-"));
  const database = connectDatabase(options.databaseUrl, 2);
  try {
    await tar.extract({ file: options.from, cwd: staging });
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, "manifest.json"), "utf8")) as TManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`Unknown archive format ${manifest.format}.`);
    await refuseNonEmpty(database.pool, options.filesDir);

    await runMigrations(database);
    const client = await database.pool.connect();
    try {
      const level = await migrationLevel(client);
      if (level.count !== manifest.migration.count || level.lastHash !== manifest.migration.lastHash) {
        throw new RestoreRefusedError(
          `The archive was made at migration ${manifest.migration.count}, this version of the app is at ${level.count}: ` +
            "restore it with the version that made it.",
        );
      }
      const tables = await applicationTables(client);
      const missing = manifest.tables.filter((t) => !tables.includes(t.name));
      if (missing.length) throw new RestoreRefusedError(`Unknown tables: ${missing.map((t) => t.name).join(", ")}`);
      const { order, cyclic } = await foreignKeyOrder(
        client,
        tables.filter((t) => manifest.tables.some((m) => m.name === t)),
      );
      await setStableSession(client);
      await client.query("BEGIN");
      // Rows come as they were: no trigger adds to them (the enterprises' default gases, migration 0017).
      await client.query("SET LOCAL openpermit.restoring = 'on'");
      if (cyclic) {
        // Rows that point at each other cannot all come first: the foreign-key triggers wait, for this session.
        const { rows } = await client.query<{ superuser: boolean }>(
          "SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user",
        );
        if (!rows[0]?.superuser) {
          throw new RestoreRefusedError(
            "Some foreign keys form a cycle: restoring needs a superuser role (session_replication_role).",
          );
        }
        await client.query("SET LOCAL session_replication_role = replica");
      }
      for (const table of order) {
        await pipeline(
          fs.createReadStream(path.join(staging, "tables", `${table}.copy`)),
          client.query(copyFrom(`COPY ${qualified(table)} FROM STDIN`)),
        );
      }
      await resetSequences(client);
      const found = await tableFacts(
        client,
        manifest.tables.map((t) => t.name),
      );
      const wrong = found.filter(
        (f, i) => f.rows !== manifest.tables[i]!.rows || f.checksum !== manifest.tables[i]!.checksum,
      );
      if (wrong.length)
        throw new Error(`Restored rows differ from the archive in: ${wrong.map((w) => w.name).join(", ")}`);
      await restoreFiles(manifest, path.join(staging, "files"), options.filesDir);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return manifest;
  } finally {
    await database.pool.end();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function refuseNonEmpty(pool: import("pg").Pool, filesDir: string) {
  const { rows } = await pool.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace " +
      "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') LIMIT 1",
  );
  if (rows.length > 0) {
    throw new RestoreRefusedError("The target database already holds the app's tables: restore into an empty one.");
  }
  if (fs.existsSync(filesDir) && fs.readdirSync(filesDir).some((f) => !f.startsWith("."))) {
    throw new RestoreRefusedError(`The files directory ${filesDir} is not empty.`);
  }
}

/** Identity (audit_log.id is GENERATED ALWAYS) and serial sequences continue after the highest restored value. */
async function resetSequences(client: import("pg").PoolClient) {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
  );
  for (const { table_name: table, column_name: column } of rows) {
    const name = qualified(table);
    const col = `"${column.replaceAll('"', '""')}"`;
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${col}) FROM ${name}), 0) + 1, false)`,
      [name, column],
    );
  }
}

async function restoreFiles(manifest: TManifest, from: string, filesDir: string) {
  fs.mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  for (const file of manifest.files) {
    const data = await fs.promises.readFile(path.join(from, file.key));
    if (createHash("sha256").update(data).digest("hex") !== file.sha256) {
      throw new Error(`The archived file ${file.key} does not match its sha256.`);
    }
    await fs.promises.writeFile(path.join(filesDir, file.key), data, { mode: 0o600 });
  }
}
