import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { buildApp, LOG_REDACT } from "../../src/app";
import { loadConfig, type TConfig } from "../../src/config";
import { createContext, type TContext } from "../../src/context";
import { connectDatabase } from "../../src/db/client";
import { postAcknowledging } from "./clash-acknowledging";
import type { TPerson } from "./factories";
import { del, get, patch, post, put, type TCall, type TFilePart, upload } from "./http";
import { Mailbox } from "./mailbox";
import { createTrafficCheck } from "./openapi-traffic";
import { tokenOf } from "./organisation";

/**
 * Requests as one signed-in person (a bearer access token signed like the server's, cached per person):
 * `t.as(alice).get("/api/auth/me")`. `call` adds or overrides the rest (a client address, headers).
 */
export interface TCaller {
  token(): Promise<string>;
  /** The person's TCall, for the http helpers. */
  call(extra?: TCall): Promise<TCall>;
  get(url: string, extra?: TCall): Promise<LightMyRequestResponse>;
  del(url: string, extra?: TCall): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, extra?: TCall): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, extra?: TCall): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, extra?: TCall): Promise<LightMyRequestResponse>;
  upload(
    method: "POST" | "PUT",
    url: string,
    field: string,
    file: TFilePart | null,
    fields?: Record<string, string>,
    extra?: TCall,
  ): Promise<LightMyRequestResponse>;
}

export interface TTestApp {
  app: FastifyInstance;
  ctx: TContext;
  dataDir: string;
  /** Everything the app logged, as JSON lines (to check what must never be logged). */
  logLines: string[];
  /** The e-mail the app delivered (unless created with `mail: "outbox"`, which writes DATA_DIR/outbox). */
  mailbox: Mailbox;
  as(person: TPerson): TCaller;
  close(): Promise<void>;
}

export interface TTestAppOptions {
  /** "memory" (default): into `t.mailbox`; "outbox": DATA_DIR/outbox files, as the app does without SMTP_URL. */
  mail?: "memory" | "outbox";
  /**
   * "acknowledge" (default): a send, verify or approve that names no clash acknowledgement acknowledges the
   * permit's clashes (helpers/clash-acknowledging.ts); "as-sent": the body goes as the test wrote it.
   */
  clashes?: "acknowledge" | "as-sent";
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** A fresh database cloned from the migrated template: every test file starts from an empty platform. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = inject("pgServerUrl");
  const name = `${inject("databasePrefix")}${randomBytes(6).toString("hex")}`;
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

function callerFor(app: FastifyInstance, ctx: TContext, person: TPerson, options: TTestAppOptions): TCaller {
  const call = async (extra: TCall = {}): Promise<TCall> => ({ token: await tokenOf(ctx, person), ...extra });
  return {
    token: () => tokenOf(ctx, person),
    call,
    get: async (url, extra) => get(app, url, await call(extra)),
    del: async (url, extra) => del(app, url, await call(extra)),
    post: async (url, body, extra) =>
      options.clashes === "as-sent"
        ? post(app, url, body, await call(extra))
        : postAcknowledging(app, url, body, await call(extra)),
    patch: async (url, body, extra) => patch(app, url, body, await call(extra)),
    put: async (url, body, extra) => put(app, url, body, await call(extra)),
    upload: async (method, url, field, file, fields, extra) =>
      upload(app, method, url, field, file, await call(extra), fields),
  };
}

/** The real application on a real PostgreSQL, driven through `app.inject`. */
export async function createTestApp(
  overrides: Partial<TConfig> = {},
  options: TTestAppOptions = {},
): Promise<TTestApp> {
  const database = await createDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-app-"));
  const config: TConfig = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
    databaseUrl: database.url,
    ...overrides,
  };
  const logLines: string[] = [];
  const log = pino(
    { level: "info", redact: { paths: LOG_REDACT, censor: "[redacted]" } },
    { write: (line: string) => logLines.push(line) },
  );
  const mailbox = new Mailbox();
  const ctx = createContext({
    config,
    database: connectDatabase(database.url, 5),
    databaseUrl: database.url,
    secret: randomBytes(32).toString("hex"),
    log,
    ...(options.mail === "outbox" ? {} : { mailSink: mailbox.deliver }),
  });
  mailbox.track(ctx);
  await ctx.jobs.start({ work: true });
  // Every app built here is `buildApp`'s: one document per worker (helpers/openapi-traffic.ts).
  const traffic = createTrafficCheck({ shareDocument: true });
  const app = await buildApp(ctx, { loggerInstance: log, observe: traffic.observe });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    logLines,
    mailbox,
    as: (person) => callerFor(app, ctx, person, options),
    async close() {
      // Every answer of the file against the document (helpers/openapi-traffic.ts); the app is closed either way.
      const checked = traffic.verify(app).catch((error: unknown) => error);
      const problem = await checked;
      await app.close();
      await ctx.jobs.stop();
      await ctx.pool.end();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problem) throw problem;
    },
  };
}
