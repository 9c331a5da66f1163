import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { serverBundle } from "../scripts/bundle";
import { loadConfig } from "../src/config";
import { startServer } from "../src/server";

/**
 * The real start-up path on the embedded PostgreSQL: data directory lock, restart with data kept,
 * recovery after SIGKILL, clean stop on SIGTERM. Only meaningful without TEST_DATABASE_URL.
 */
const embedded = !process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-life-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const config = (dataDir: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "root@example.com",
    ADMIN_PASSWORD: "admin-pass-1",
  });

async function signInStatus(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe.runIf(embedded)("server lifecycle on the embedded PostgreSQL", () => {
  it("keeps data across a restart and refuses a second server on the same data directory", async () => {
    const dataDir = newDataDir();
    const first = await startServer(config(dataDir));
    try {
      expect(await signInStatus(first.url, "root@example.com", "admin-pass-1")).toBe(200);
      await expect(startServer(config(dataDir))).rejects.toThrow(/already using the data directory/);
    } finally {
      await first.stop();
    }
    const second = await startServer({ ...config(dataDir), adminPassword: "another-password" });
    try {
      // The admin from the first start is still there, with its first password.
      expect(await signInStatus(second.url, "root@example.com", "admin-pass-1")).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("starts again after being killed with SIGKILL, and stops cleanly on SIGTERM", async () => {
    const dataDir = newDataDir();
    // What `npm start` runs.
    const main = path.join(await serverBundle(), "main.js");
    const start = () =>
      new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ["--enable-source-maps", main], {
          cwd: path.resolve(import.meta.dirname, ".."),
          env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info", INIT_CWD: "" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const ready = /"url":"(http:\/\/[^"]+)".*"msg":"OpenPermit is ready"/.exec(out);
          if (ready) resolve({ child, url: ready[1]! });
        });
        child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out.slice(-2000)}`)));
      });

    const first = await start();
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    const second = await start();
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    const exitCode = new Promise<number | null>((r) => second.child.once("exit", r));
    second.child.kill("SIGTERM");
    expect(await exitCode).toBe(0);
    // PostgreSQL went down with it: no live postmaster is left behind.
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 180_000);
});

describe.runIf(!embedded)("server start-up with DATABASE_URL", () => {
  it("migrates and serves an external PostgreSQL, and keeps its data across a restart", async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const name = `op_test_external_${process.pid}`;
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    server.pathname = `/${name}`;
    const external = (dataDir: string) => ({ ...config(dataDir), databaseUrl: server.toString() });
    try {
      const first = await startServer(external(newDataDir()));
      try {
        expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
        expect(await signInStatus(first.url, "root@example.com", "admin-pass-1")).toBe(200);
      } finally {
        await first.stop();
      }
      // Another instance (another data directory) on the same database sees the same accounts.
      const second = await startServer(external(newDataDir()));
      try {
        expect(await signInStatus(second.url, "root@example.com", "admin-pass-1")).toBe(200);
        expect(fs.existsSync(path.join(dirs.at(-1)!, "pg"))).toBe(false);
      } finally {
        await second.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
