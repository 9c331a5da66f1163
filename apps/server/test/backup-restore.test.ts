import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../src/db/seed-admin";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../src/demo/seed";
import { BACKUP_HOLDS_DIR, HELD_FILES_DIR, LocalDiskStorage } from "../src/lib/storage";
import { backup } from "../src/ops/backup";
import { openDatabase, type TOpenedDatabase } from "../src/ops/open-database";
import { RestoreRefusedError, restore } from "../src/ops/restore";
import { applicationTables, setStableSession, tableFacts } from "../src/ops/table-facts";
import { signIn } from "./helpers/factories";
import { get, post } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * The backup drill: the demo seeded, a backup taken while drafts keep being written, restored into a fresh data
 * directory (its own embedded PostgreSQL; with TEST_DATABASE_URL, a fresh database of that server): the same row
 * counts and checksums as the snapshot, and the same files, byte for byte.
 */
let t: TTestApp;
let target: TOpenedDatabase;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-restore-test-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
let dropTarget = async () => {};

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.ctx.db, t.ctx.log, DEMO_ACCOUNTS.Admin.email, DEMO_PASSWORD);
  await seedDemo(t.ctx);
}, 240_000);
afterAll(async () => {
  await target?.close();
  await dropTarget();
  await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshTarget(dataDir: string): Promise<TOpenedDatabase> {
  const external = process.env.TEST_DATABASE_URL;
  if (!external) return openDatabase(dataDir, undefined, pino({ level: "warn" }));
  const url = new URL(external);
  const name = `op_test_restore_${randomBytes(4).toString("hex")}`;
  const serverUrl = url.toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropTarget = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  url.pathname = `/${name}`;
  return { url: url.toString(), startedHere: false, close: async () => undefined };
}

async function factsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await setStableSession(client);
    return await tableFacts(client, await applicationTables(client));
  } finally {
    await client.end();
  }
}

describe("backup and restore", () => {
  it("restores a backup taken during writes into a fresh data directory: same rows, checksums and files", async () => {
    const { token } = await signIn(t.app, DEMO_ACCOUNTS.Enterprise.email, DEMO_PASSWORD);
    const me = await get(t.app, "/api/auth/me", { token });
    const enterpriseId = me.json().data.company.id as string;
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const answer = await post(
          t.app,
          "/api/permits",
          { enterpriseId, taskTitle: `During backup ${written}` },
          { token },
        );
        expect(answer.statusCode).toBe(201);
        written += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 150));
    const archive = path.join(tempDir(), "backup.tar.gz");
    const filesDir = path.join(t.dataDir, "files");
    const manifest = await backup({ databaseUrl: t.ctx.config.databaseUrl!, filesDir, out: archive });
    writing = false;
    await writes;
    expect(written).toBeGreaterThan(0);
    expect(manifest.files.length).toBeGreaterThan(0);
    expect(manifest.tables.find((table) => table.name === "permits")!.rows).toBeGreaterThan(0);

    const dataDir = tempDir();
    target = await freshTarget(dataDir);
    const restoredFiles = path.join(dataDir, "files");
    await restore({ from: archive, databaseUrl: target.url, filesDir: restoredFiles });

    // Checked again here, independently of restore's own check.
    expect(await factsOf(target.url)).toEqual(manifest.tables);
    for (const file of manifest.files) {
      const bytes = fs.readFileSync(path.join(restoredFiles, file.key));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
      expect(bytes.equals(fs.readFileSync(path.join(filesDir, file.key)))).toBe(true);
    }
    // The identity of the append-only audit trail continues after the restored rows.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ next: boolean }>(
        "SELECT nextval(pg_get_serial_sequence('public.audit_log', 'id')) > coalesce((SELECT max(id) FROM audit_log), 0) AS next",
      );
      expect(rows[0]!.next).toBe(true);
    } finally {
      await client.end();
    }

    // A second restore onto what is now a full target is refused before it writes anything.
    await expect(restore({ from: archive, databaseUrl: target.url, filesDir: restoredFiles })).rejects.toThrow(
      RestoreRefusedError,
    );
  }, 240_000);

  it("keeps a file deleted while a backup runs until that backup ends", async () => {
    const dir = tempDir();
    const storage = new LocalDiskStorage(dir);
    const key = await storage.put(Buffer.from("plan"));
    fs.mkdirSync(path.join(dir, BACKUP_HOLDS_DIR));
    fs.writeFileSync(path.join(dir, BACKUP_HOLDS_DIR, "backup-1"), "");
    await storage.remove(key);
    expect(fs.existsSync(path.join(dir, key))).toBe(false);
    expect(fs.readFileSync(path.join(dir, HELD_FILES_DIR, key), "utf8")).toBe("plan");
    fs.rmSync(path.join(dir, BACKUP_HOLDS_DIR, "backup-1"));
    const other = await storage.put(Buffer.from("logo"));
    await storage.remove(other);
    expect(fs.existsSync(path.join(dir, other))).toBe(false);
    expect(fs.existsSync(path.join(dir, HELD_FILES_DIR, other))).toBe(false);
  });
});
