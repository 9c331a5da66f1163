import fs from "node:fs";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp, LOG_REDACT } from "./app";
import type { TConfig } from "./config";
import { createContext, type TContext } from "./context";
import { lockDataDir } from "./data-dir/lock";
import { loadOrCreateSecrets } from "./data-dir/secrets";
import { connectDatabase } from "./db/client";
import { startEmbeddedDatabase, type TEmbeddedDatabase } from "./db/embedded";
import { assertPostgresVersion, runMigrations } from "./db/migrate";
import { ensureAdmin } from "./db/seed-admin";
import { serializeError } from "./lib/log-errors";

export interface TRunningServer {
  app: FastifyInstance;
  ctx: TContext;
  url: string;
  stop(): Promise<void>;
}

export function createLogger(config: TConfig): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    redact: { paths: LOG_REDACT, censor: "[redacted]" },
    serializers: { err: serializeError },
  });
}

/**
 * Starts everything in order — data directory lock, database (embedded or DATABASE_URL), migrations,
 * the platform admin, an optional seed, the job queue, HTTP — and returns how to stop it all in the
 * reverse order.
 */
export async function startServer(
  config: TConfig,
  options: { seed?: (ctx: TContext) => Promise<void>; log?: FastifyBaseLogger } = {},
): Promise<TRunningServer> {
  const log = options.log ?? createLogger(config);
  const cleanups: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log.error({ err: error }, "error while stopping");
      }
    }
  };

  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    cleanups.push(lockDataDir(config.dataDir));
    const secrets = loadOrCreateSecrets(config.dataDir);

    let embedded: TEmbeddedDatabase | null = null;
    if (!config.databaseUrl) {
      embedded = await startEmbeddedDatabase(config.dataDir, secrets.embeddedPgPassword, log);
      const stopEmbedded = embedded.stop;
      cleanups.push(() => stopEmbedded());
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    const database = connectDatabase(databaseUrl);
    cleanups.push(() => database.pool.end());
    await assertPostgresVersion(database);
    await runMigrations(database);
    log.info("database migrated");
    await ensureAdmin(database.db, log, config.adminEmail, config.adminPassword);

    const ctx = createContext({ config, database, databaseUrl, secret: config.jwtSecret ?? secrets.jwtSecret, log });
    if (options.seed) await options.seed(ctx);
    await ctx.jobs.start({ work: true });
    cleanups.push(() => ctx.jobs.stop());

    const app = await buildApp(ctx, { loggerInstance: log });
    cleanups.push(() => app.close());
    const url = await app.listen({ port: config.port, host: config.host });
    log.info({ url, publicUrl: config.publicUrl, dataDir: config.dataDir }, "OpenPermit is ready");
    return { app, ctx, url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
