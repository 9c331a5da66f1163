import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { TConfig } from "./config";
import type { TDb } from "./db/client";
import type { AccessTokens } from "./lib/access-token";
import type { Jobs } from "./lib/jobs";
import type { TStorage } from "./lib/storage";

/** What services need from the running server; built once in app.ts (and in tests). */
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
