import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { TConfig } from "./config";
import type { TDatabase, TDb } from "./db/client";
import { AccessTokens } from "./lib/access-token";
import { Jobs } from "./lib/jobs";
import { LocalDiskStorage, type TStorage } from "./lib/storage";
import { Mailer, type TMailSink } from "./modules/mail/mailer";

/** What services need from the running server; built once by createContext (server.ts and the tests' harness). */
export interface TContext {
  config: TConfig;
  db: TDb;
  pool: pg.Pool;
  jobs: Jobs;
  /** Uploaded files (sector maps, later permit attachments). */
  storage: TStorage;
  tokens: AccessTokens;
  /** Key for the keyed hashes of one-time codes. */
  codeKey: string;
  log: FastifyBaseLogger;
}

export interface TContextOptions {
  config: TConfig;
  /** The connected database (its pool and drizzle instance). */
  database: TDatabase;
  /** The URL the job queue connects to (the same database). */
  databaseUrl: string;
  /** Signs access tokens and keys the one-time codes' hashes. */
  secret: string;
  log: FastifyBaseLogger;
  /** Tests: deliver e-mail into this sink instead of SMTP or DATA_DIR/outbox. */
  mailSink?: TMailSink;
}

/**
 * The services of one running server: mail, the job queue (not started), file storage and tokens. The job
 * queue is started by the caller once the database is ready (server.ts seeds first).
 */
export function createContext(options: TContextOptions): TContext {
  const { config, database, log } = options;
  const mailer = new Mailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, sink: options.mailSink },
    log,
  );
  return {
    config,
    db: database.db,
    pool: database.pool,
    jobs: new Jobs(options.databaseUrl, mailer, log),
    storage: new LocalDiskStorage(path.join(config.dataDir, "files")),
    tokens: new AccessTokens(options.secret),
    codeKey: options.secret,
    log,
  };
}
