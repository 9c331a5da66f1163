import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's nginx (.ci/run installs it when missing). */
export const NGINX = "/usr/sbin/nginx";

export interface TNginx {
  /** The port nginx listens on (127.0.0.1) for each upstream given, in order. */
  ports: number[];
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the OS picks it; nginx binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One server block: a reverse proxy as the README configures it, adding the client's address to X-Forwarded-For. */
const serverBlock = (port: number, upstream: string) => `
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`;

/** Whether something accepts connections on the port yet. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * nginx in the foreground as a child of this process, as the current user, everything it writes in a temporary
 * directory, proxying one port to each upstream URL. `stop()` kills it and removes the directory.
 */
export async function startNginx(upstreams: string[]): Promise<TNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-nginx-"));
  const ports = await Promise.all(upstreams.map(() => freePort()));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `${k}_temp_path ${dir}/${k};`);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp.join("\n  ")}
  ${upstreams.map((u, i) => serverBlock(ports[i]!, u)).join("\n")}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", `${dir}/error.log`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Killed with this process too, should a test end it before afterAll runs.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 3000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; !(await Promise.all(ports.map(accepts))).every(Boolean); tries++) {
    if (child.exitCode !== null || tries > 100) {
      const log = fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : "";
      await stop();
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ports, stop };
}
