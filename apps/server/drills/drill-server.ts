import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { serverBundle } from "../scripts/bundle";

/** The demo's enterprise account: it writes internal permit drafts of its own enterprise. */
export const DRILL_ACCOUNT = { email: "enterprise@demo.openpermit.test", password: "Demo-Permit-2026" };
const ADMIN = { email: "admin@demo.openpermit.test", password: "Demo-Permit-2026" };
const SERVER_DIR = path.resolve(import.meta.dirname, "..");

export interface TDrillServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to "OpenPermit is ready" (orphan stop, crash recovery, migrations included). */
  startMs: number;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * Starts the real server as a child process on `dataDir` (and `databaseUrl` when given). The first start
 * of a data directory seeds the demo (`seed: true`); later ones start as `npm start` does.
 */
export async function startDrillServer(options: {
  dataDir: string;
  databaseUrl?: string;
  seed: boolean;
  timeoutMs?: number;
}): Promise<TDrillServer> {
  // What `npm start` runs (built before the clock starts: a restart's time is the server's own).
  const dist = await serverBundle();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Without a URL of its own the drill is on the embedded database, whatever the caller's environment says.
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const entry = path.join(dist, options.seed ? "demo.js" : "main.js");
    const child = spawn(process.execPath, ["--enable-source-maps", entry], {
      cwd: SERVER_DIR,
      env: {
        ...inherited,
        DATA_DIR: options.dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        PORT: "0",
        LOG_LEVEL: "info",
        INIT_CWD: "",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The drill is one client address writing as fast as it can.
        RATE_LIMIT_PER_MINUTE: "10000000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in time:\n${out.slice(-3000)}`));
    }, options.timeoutMs ?? 120_000);
    const onData = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-200_000);
      const ready = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"OpenPermit is ready"/.exec(out);
      if (ready) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stdout!.on("data", (more: Buffer) => {
          out = (out + more.toString()).slice(-200_000);
        });
        resolve({ child, url: ready[1]!, startMs: performance.now() - started, exited, output: () => out });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-200_000);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${out.slice(-3000)}`));
    });
  });
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown code runs. */
export async function killHard(server: TDrillServer): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
}

/** SIGTERM: the server stops as on a normal shutdown, its embedded PostgreSQL with it. */
export async function stopGracefully(server: TDrillServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Signs the drill account in; returns its bearer token and its enterprise's id. */
export async function signInDrillAccount(url: string): Promise<{ token: string; enterpriseId: string }> {
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DRILL_ACCOUNT),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { data } = (await signIn.json()) as { data: { token: string } };
  const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${data.token}` } });
  // An Enterprise account's company is its enterprise.
  const { data: account } = (await me.json()) as { data: { company?: { id: string } } };
  if (!account.company) throw new Error("the drill account has no enterprise");
  return { token: data.token, enterpriseId: account.company.id };
}
