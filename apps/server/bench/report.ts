import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TFigures } from "./load";
import type { TRoute } from "./scenarios";
import type { TSoak } from "./soak";

export interface TRouteResult extends TFigures {
  name: string;
  ratio: number;
  target: TRoute["target"] | null;
  met: boolean | null;
}

export function judge(route: TRoute, figures: TFigures, baseline: number): TRouteResult {
  const ratio = baseline > 0 ? figures.perSecond / baseline : 0;
  const target = route.target ?? null;
  const met = target
    ? (target.ratio === undefined || ratio >= target.ratio) && (target.p95 === undefined || figures.p95 < target.p95)
    : null;
  return { name: route.name, ...figures, ratio: Math.round(ratio * 1000) / 1000, target, met };
}

const targetText = (target: TRouteResult["target"]) =>
  target
    ? [
        target.ratio !== undefined ? `≥ ${target.ratio * 100} %` : "",
        target.p95 !== undefined ? `p95 < ${target.p95} ms` : "",
      ]
        .filter(Boolean)
        .join(", ")
    : "—";

export function printTable(results: TRouteResult[]): void {
  const rows = results.map((r) => ({
    route: r.name,
    "req/s": r.perSecond,
    "p50 ms": r.p50,
    "p95 ms": r.p95,
    "p99 ms": r.p99,
    "errors/non-2xx": `${r.errors}/${r.non2xx}`,
    "× baseline": `${Math.round(r.ratio * 1000) / 10} %`,
    target: targetText(r.target),
    met: r.met === null ? "—" : r.met ? "yes" : "NO",
  }));
  console.table(rows);
}

export function printSoak(soak: TSoak): void {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  console.log(
    `soak: ${soak.seconds} s at ${soak.rate} req/s — memory ${pct(soak.memoryGrowth)} (goal < ${pct(soak.goals.memoryGrowth)}), ` +
      `p95 drift ${pct(soak.p95Drift)} (goal < ${pct(soak.goals.p95Drift)}), errors ${soak.errors}, non-2xx ${soak.non2xx} ` +
      `(goal 0): ${soak.met ? "met" : "NOT met"}`,
  );
}

export async function machine(pool: pg.Pool) {
  const { rows } = await pool.query<{ server_version: string }>("SHOW server_version");
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    node: process.version,
    postgres: rows[0]?.server_version ?? "unknown",
  };
}

export function writeJson(file: string, report: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`figures written to ${file}`);
}
