import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TFigures } from "./load";
import type { TRoute } from "./scenarios";
import type { TSoak } from "./soak";

/** What each route must reach against its limit (req/s at the bench's connections): reads 75 %, writes 60 %. */
export const LIMIT_TARGETS = { read: 0.75, write: 0.6 } as const;

/** The limit's figures for a route and the route's share of them. */
export interface TLimitResult {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The app's req/s over the limit's. */
  fraction: number;
  /** The share the route must reach (null: none, e.g. the baseline or one connection at a time). */
  target: number | null;
  met: boolean | null;
}

export interface TRouteResult extends TFigures {
  name: string;
  kind: TRoute["kind"];
  connections: number;
  /** os.loadavg() just before the route ran (1, 5, 15 minutes). */
  loadAverage: number[];
  ratio: number;
  target: TRoute["target"] | null;
  met: boolean | null;
  limit: TLimitResult | null;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The target against the limit: a read or a write measured at the bench's connections (the targets are stated at
 * 50). The baseline has none, nor does a route run at another number of connections (its fraction is shown alone).
 */
export function limitTargetOf(kind: TRoute["kind"], connections: number, benchConnections: number): number | null {
  if (kind === "baseline" || connections !== benchConnections) return null;
  return LIMIT_TARGETS[kind];
}

export function judgeLimit(app: TFigures, limit: TFigures, target: number | null): TLimitResult {
  const fraction = limit.perSecond > 0 ? round3(app.perSecond / limit.perSecond) : 0;
  // Errors on either side make the comparison meaningless: not met.
  const clean = app.errors + app.non2xx + limit.errors + limit.non2xx === 0;
  return {
    perSecond: limit.perSecond,
    p50: limit.p50,
    p95: limit.p95,
    p99: limit.p99,
    errors: limit.errors,
    non2xx: limit.non2xx,
    fraction,
    target,
    met: target === null ? null : clean && fraction >= target,
  };
}

export function judge(
  route: TRoute,
  figures: TFigures,
  baseline: number,
  extra: { connections: number; benchConnections: number; loadAverage: number[]; limit?: TFigures },
): TRouteResult {
  const ratio = baseline > 0 ? figures.perSecond / baseline : 0;
  const target = route.target ?? null;
  const met = target
    ? (target.ratio === undefined || ratio >= target.ratio) && (target.p95 === undefined || figures.p95 < target.p95)
    : null;
  const limitTarget = limitTargetOf(route.kind, extra.connections, extra.benchConnections);
  return {
    name: route.name,
    kind: route.kind,
    connections: extra.connections,
    loadAverage: extra.loadAverage,
    ...figures,
    ratio: round3(ratio),
    target,
    met,
    limit: extra.limit ? judgeLimit(figures, extra.limit, limitTarget) : null,
  };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/** The limit columns' text: its req/s, its p95, the route's share, the target and whether it is met. */
export function limitCells(limit: TLimitResult | null) {
  if (!limit) return { "limit req/s": "—", "limit p95": "—", "of limit": "—", target: "—", met: "—" };
  return {
    "limit req/s": String(limit.perSecond),
    "limit p95": String(limit.p95),
    "of limit": pct(limit.fraction),
    target: limit.target === null ? "—" : `≥ ${pct(limit.target)}`,
    met: limit.met === null ? "—" : limit.met ? "yes" : "NO",
  };
}

/**
 * The table: the route's figures, its ratio to the baseline (shown, no longer judged: the baseline targets stay in
 * the JSON as `target`/`met`), then its limit and the limit target. p50/p95/p99 share a column to keep it readable.
 */
export function printTable(results: TRouteResult[]): void {
  const rows = results.map((r) => ({
    route: r.name,
    "req/s": r.perSecond,
    "p50/p95/p99 ms": `${r.p50} / ${r.p95} / ${r.p99}`,
    "errors/non-2xx": `${r.errors}/${r.non2xx}`,
    "× baseline": pct(r.ratio),
    ...limitCells(r.limit),
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
