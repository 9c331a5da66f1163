import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { DataDirLockedError, lockDataDir } from "../data-dir/lock";
import { loadOrCreateSecrets } from "../data-dir/secrets";
import { startEmbeddedDatabase } from "../db/embedded";

export interface TOpenedDatabase {
  url: string;
  /** Whether we started the embedded PostgreSQL ourselves (no server was running on the data directory). */
  startedHere: boolean;
  close(): Promise<void>;
}

/** The port of the embedded PostgreSQL a running server started (4th line of postmaster.pid). */
function runningEmbeddedPort(dataDir: string): number {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const port = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[3] ?? "", 10);
  if (!Number.isInteger(port)) throw new Error(`No running PostgreSQL found in ${pidFile}.`);
  return port;
}

/**
 * The database of an installation: DATABASE_URL when given; else the embedded one of `dataDir` — the running
 * server's (we connect beside it) or, when no server runs, one we start on the data directory and stop after.
 */
export async function openDatabase(
  dataDir: string,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<TOpenedDatabase> {
  if (databaseUrl) return { url: databaseUrl, startedHere: false, close: async () => undefined };
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const { embeddedPgPassword } = loadOrCreateSecrets(dataDir);
    const port = runningEmbeddedPort(dataDir);
    return {
      url: `postgres://postgres:${encodeURIComponent(embeddedPgPassword)}@127.0.0.1:${port}/openpermit`,
      startedHere: false,
      close: async () => undefined,
    };
  }
  try {
    const { embeddedPgPassword } = loadOrCreateSecrets(dataDir);
    const embedded = await startEmbeddedDatabase(dataDir, embeddedPgPassword, log);
    return {
      url: embedded.url,
      startedHere: true,
      async close() {
        await embedded.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
