import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serverBundle } from "../scripts/bundle";

export interface TBenchServer {
  url: string;
  pid: number;
  logFile: string;
  /** The server process's resident memory now, in MiB (from /proc). */
  rssMiB(): number;
  /** The CPU time the server process has used so far, in seconds (from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, "..");

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}) before it answered.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url}/api/health within ${timeoutMs / 1000} s.`);
}

/** Linux's USER_HZ: /proc's CPU times are in these ticks. */
const CLOCK_TICKS = 100;

/**
 * Waits until the server has finished the work of the requests still in flight when a measurement stopped (the
 * load generator stops at its duration; the server does not): a verify's password hashes, above all, would
 * otherwise run into the next measurement. Idle: under a tenth of a core over half a second (at most `maxMs`).
 */
export async function settle(server: TBenchServer, maxMs = 60_000): Promise<number> {
  const started = Date.now();
  let before = server.cpuSeconds();
  while (Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = server.cpuSeconds();
    if (now - before < 0.05) break;
    before = now;
  }
  return Date.now() - started;
}

/** A server of the bench's in a process of its own (so the load generator does not share its event loop). */
async function spawnServer(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  url: string;
  logFile: string;
}): Promise<TBenchServer> {
  // Its warnings and errors go to a file, so the figures stay readable (the path is printed).
  const logFd = fs.openSync(options.logFile, "a");
  const child = spawn(process.execPath, options.args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", logFd, logFd],
  });
  fs.closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) throw new Error("The server process did not start.");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntilHealthy(options.url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: options.url,
    logFile: options.logFile,
    pid,
    rssMiB() {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round((kib / 1024) * 10) / 10;
    },
    cpuSeconds() {
      // utime and stime, the 14th and 15th fields, after the command name (which may hold spaces) and its ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    stop,
  };
}

/**
 * The real server, as `npm start` runs it (production mode), in a process of its own on 127.0.0.1. The rate limit
 * is lifted: every request comes from one address.
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** Where V8 writes the server's CPU profile when it stops (`--profile`). */
  profileDir?: string;
}): Promise<TBenchServer> {
  const url = `http://127.0.0.1:${options.port}`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const profile = options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [];
  return spawnServer({
    args: [...profile, "--enable-source-maps", path.join(await serverBundle(), "main.js")],
    url,
    logFile: path.join(options.dataDir, "server.log"),
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
    },
  });
}

/** The app's pool size (db/client.ts's default), which the limit server's pool matches. */
export const APP_POOL_SIZE = 10;

/** The limit server (limit-server.ts): the same statements on a bare Fastify, on its own port. */
export async function startLimitServer(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
}): Promise<TBenchServer> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  return spawnServer({
    args: ["--import", "tsx", "bench/limit-server.ts"],
    url: `http://127.0.0.1:${options.port}`,
    logFile: path.join(options.dataDir, "limit-server.log"),
    env: {
      NODE_ENV: "production",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      POOL_SIZE: String(APP_POOL_SIZE),
    },
  });
}
