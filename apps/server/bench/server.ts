import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface TBenchServer {
  url: string;
  pid: number;
  logFile: string;
  /** The server process's resident memory now, in MiB (from /proc). */
  rssMiB(): number;
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

/**
 * The real server, as `npm start` runs it (production mode), in a process of its own on 127.0.0.1, so the load
 * generator does not share its event loop. The rate limit is lifted: every request comes from one address.
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** Where V8 writes the server's CPU profile when it stops (`--profile`). */
  profileDir?: string;
}) {
  const url = `http://127.0.0.1:${options.port}`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  // Its warnings and errors go to a file, so the figures stay readable (the path is printed).
  const logFile = path.join(options.dataDir, "server.log");
  const logFd = fs.openSync(logFile, "a");
  const profile = options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
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
    await waitUntilHealthy(url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const server: TBenchServer = {
    url,
    logFile,
    pid,
    rssMiB() {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round((kib / 1024) * 10) / 10;
    },
    stop,
  };
  return server;
}
