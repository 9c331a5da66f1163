import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../helpers/test-app";
import { createFuzzWorld, heal, publicTables, rowCounts, type TFuzzWorld } from "./fixture";
import { readFuzzRoutes, type TFuzzRoute } from "./routes";
import { fuzzRoute, type TRouteResult } from "./runner";

/**
 * Every JSON endpoint, fuzzed from its own zod schemas (docs/reliability.md, API fuzzing): valid requests, then wrong types, missing and
 * extra fields, nulls, hostile and huge strings, prototype keys, deep nesting, broken JSON and wrong content types,
 * in bodies, query strings and paths, as a caller the route's policy allows. No answer may be a 5xx, every refusal
 * is in the error shape, no body leaks internals, and a batch of refusals stores nothing.
 * FUZZ_RUNS (default 200) draws per route, a read that repeats an earlier draw exactly sent once (runner.ts); FUZZ_SEED replays a run (or `random`); FUZZ_ROUTE (a substring) picks routes.
 *
 * The routes are split into FUZZ_SHARDS files (test/fuzz-*.test.ts, one shard each) so that the test workers share
 * the fuzzing instead of one worker running it alone at the end. A route's requests depend only on the seed and the
 * route (routeSeed), so a route is fuzzed the same whichever shard runs it; every shard runs on its own database
 * and fixture, and together the shards fuzz every route exactly once.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/**
 * A fixed seed by default, so that a test run (CI's included) is the same on every commit and a red run is about the
 * change, not a new draw; `FUZZ_SEED=random` (`npm run fuzz`) explores, and a seed that finds a bug becomes a test.
 */
const DEFAULT_SEED = 57_594_622;
const SEED =
  process.env.FUZZ_SEED === "random" ? Date.now() % 2_147_483_647 : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

/**
 * Routes fuzzed with fewer requests, and why. The OpenAPI document takes no input and each answer is the whole
 * API's description (hundreds of KB): 200 of them would cost more than a dozen real routes.
 */
const FEWER_RUNS: Record<string, number> = { "GET /api/openapi.json": 20 };

/** Reads first, writes next, deletions last: a deleted fixture row would only turn later routes into 404s. */
const ORDER = { GET: 0, PATCH: 1, PUT: 1, POST: 1, DELETE: 2 } as const;

/** The number of test/fuzz-*.test.ts files. */
export const FUZZ_SHARDS = 3;

/** Shard `shard` (0-based) of the routes, in the fuzzing order: every FUZZ_SHARDS-th route of the sorted list. */
export function shardOf<T extends TFuzzRoute>(routes: T[], shard: number): T[] {
  return [...routes]
    .sort((a, b) => ORDER[a.method] - ORDER[b.method])
    .filter((_, index) => index % FUZZ_SHARDS === shard);
}

/** Defines shard `shard` of the fuzz test in the calling test file. */
export function fuzzShard(shard: number) {
  let t: TTestApp;
  let world: TFuzzWorld;
  let routes: TFuzzRoute[];
  let tables: string[];
  beforeAll(async () => {
    // The rate limit is per address and each request has its own; this keeps a slow machine from meeting it anyway.
    t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
    // Two info lines per request (tens of thousands, some with 64 KB URLs) would cost more than the requests;
    // errors are still logged.
    t.app.log.level = "warn";
    world = await createFuzzWorld(t);
    routes = shardOf(await readFuzzRoutes(t.ctx), shard).filter(
      (r) => !process.env.FUZZ_ROUTE || `${r.method} ${r.url}`.includes(process.env.FUZZ_ROUTE),
    );
    tables = await publicTables(t.ctx);
  }, 120_000);
  afterAll(() => t?.close());

  it(`answers every generated request without a 5xx, in the error shape, storing nothing when refused (seed ${SEED}, shard ${shard + 1}/${FUZZ_SHARDS})`, async () => {
    const started = Date.now();
    const results: TRouteResult[] = [];
    for (const route of routes) {
      const routeStart = Date.now();
      results.push(
        await fuzzRoute(route, {
          app: t.app,
          world,
          seed: SEED,
          runs: FEWER_RUNS[`${route.method} ${route.url}`] ?? RUNS,
          counts: () => rowCounts(t.ctx, tables),
        }),
      );
      await heal(t.ctx, world);
      results.at(-1)!.ms = Date.now() - routeStart;
    }
    const total = results.reduce((n, r) => n + r.accepted + r.refused, 0);
    console.log(
      [
        `fuzz: seed ${SEED}, shard ${shard + 1}/${FUZZ_SHARDS}, ${routes.length} routes, ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ...results.map(
          (r) =>
            `  ${r.route.padEnd(58)} accepted ${String(r.accepted).padStart(4)}  refused ${String(r.refused).padStart(4)}  ${r.ms} ms`,
        ),
      ].join("\n"),
    );
    const failures = results.flatMap((r) => r.failures);
    const stored = results.flatMap((r) => r.stored);
    // One example of each distinct problem of each route: the first is the one to replay.
    const firsts = new Map<string, (typeof failures)[number]>();
    for (const f of failures) {
      const key = `${f.route} ${f.status} ${f.problems.join("; ")}`;
      if (!firsts.has(key)) firsts.set(key, f);
    }
    const report = [
      ...[...firsts.values()].map(
        (f) =>
          `${f.route} #${f.index} (seed ${f.seed}): ${f.status} ${f.problems.join("; ")}\n    ${f.request}\n    → ${f.body}`,
      ),
      ...stored.slice(0, 20),
    ];
    if (report.length) {
      // The server's own account of its 5xx answers (the stack) is what the fix starts from.
      const serverErrors = t.logLines.filter((l) => JSON.parse(l).level >= 50).slice(0, 5);
      console.error(
        `fuzz failures (replay with FUZZ_SEED=${SEED}):\n${report.join("\n")}\nserver errors:\n${serverErrors.map((l) => l.slice(0, 4000)).join("\n")}`,
      );
    }
    expect({ failures: failures.length, stored: stored.length, seed: SEED }).toEqual({
      failures: 0,
      stored: 0,
      seed: SEED,
    });
    expect(routes.every((r) => results.some((x) => x.route === `${r.method} ${r.url}`))).toBe(true);
  }, 600_000);
}
