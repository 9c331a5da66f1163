import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = `npm run bench -- [options]
  --permits N       permits to seed (default 100000)
  --connections N   concurrent connections (default 50)
  --duration S      seconds per route (default 10)
  --soak T          then the list+get mix at half the peak for T (e.g. 10m, 90s)
  --json FILE       where the figures go (default bench/results/latest.json)
  --keep            reuse the seeded embedded data directory (--data-dir, default /tmp/openpermit-bench)
  --reuse           with DATABASE_URL: use a database this bench seeded before
  --port N          the server's port (default 3411)
  --limit-port N    the limit server's port (default 3412)
  --no-limit        measure the app alone, without its limit (bare Fastify + pg running the same statements)
  --only TEXT       measure only the routes whose name holds TEXT (the baseline is always measured)
  --profile DIR     write the server's V8 CPU profile into DIR (open it in Chrome's DevTools)`;

function seconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`Not a duration: ${text} (e.g. 90s, 10m)`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[(match[2] ?? "s") as "s" | "m" | "h"];
}

function count(text: string, name: string): number {
  const n = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number.`);
  return n;
}

export function benchOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      permits: { type: "string", default: "100000" },
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      soak: { type: "string" },
      json: { type: "string", default: path.resolve(import.meta.dirname, "results/latest.json") },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
      port: { type: "string", default: "3411" },
      "limit-port": { type: "string", default: "3412" },
      "no-limit": { type: "boolean", default: false },
      "data-dir": { type: "string", default: "/tmp/openpermit-bench" },
      only: { type: "string" },
      profile: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  return {
    permits: count(values.permits, "permits"),
    connections: count(values.connections, "connections"),
    duration: seconds(values.duration),
    soakSeconds: values.soak ? seconds(values.soak) : 0,
    json: path.resolve(base, values.json),
    keep: values.keep,
    reuse: values.reuse,
    port: count(values.port, "port"),
    limitPort: count(values["limit-port"], "limit-port"),
    limit: !values["no-limit"],
    dataDir: path.resolve(base, values["data-dir"]),
    databaseUrl: process.env.DATABASE_URL,
    only: values.only,
    profileDir: values.profile ? path.resolve(base, values.profile) : undefined,
  };
}

export type TBenchOptions = ReturnType<typeof benchOptions>;
