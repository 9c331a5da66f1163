import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig, type TConfig } from "../../src/config";
import type { TContext } from "../../src/context";
import { connectDatabase } from "../../src/db/client";
import { AccessTokens } from "../../src/lib/access-token";
import { Jobs } from "../../src/lib/jobs";
import { LocalDiskStorage } from "../../src/lib/storage";
import { Mailer } from "../../src/modules/mail/mailer";

export interface TTestApp {
  app: FastifyInstance;
  ctx: TContext;
  dataDir: string;
  /** Everything the app logged, as JSON lines (to check what must never be logged). */
  logLines: string[];
  close(): Promise<void>;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** A fresh database cloned from the migrated template: every test file starts from an empty platform. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = inject("pgServerUrl");
  const name = `op_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDatabase(server, "postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  await admin.end();
  return {
    url: withDatabase(server, name),
    async drop() {
      const c = new pg.Client({ connectionString: withDatabase(server, "postgres") });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The real application on a real PostgreSQL, driven through `app.inject`. */
export async function createTestApp(overrides: Partial<TConfig> = {}): Promise<TTestApp> {
  const database = await createDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-app-"));
  const config: TConfig = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
    databaseUrl: database.url,
    ...overrides,
  };
  const logLines: string[] = [];
  const log = pino(
    { level: "info", redact: { paths: (await import("../../src/app")).LOG_REDACT, censor: "[redacted]" } },
    {
      write: (line: string) => logLines.push(line),
    },
  );
  const { pool, db } = connectDatabase(database.url, 5);
  const mailer = new Mailer({ smtpUrl: undefined, from: config.mailFrom, dataDir }, log);
  const jobs = new Jobs(database.url, mailer, log);
  await jobs.start({ work: true });
  const secret = randomBytes(32).toString("hex");
  const ctx: TContext = {
    config,
    db,
    pool,
    jobs,
    storage: new LocalDiskStorage(path.join(dataDir, "files")),
    tokens: new AccessTokens(secret),
    codeKey: secret,
    log,
  };
  const app = await buildApp(ctx, { loggerInstance: log });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    logLines,
    async close() {
      await app.close();
      await jobs.stop();
      await pool.end();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
