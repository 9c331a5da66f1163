import os from "node:os";
import path from "node:path";
import { openBenchDatabase } from "./database";
import { load } from "./load";
import { benchOptions } from "./options";
import { judge, machine, printSoak, printTable, type TRouteResult, writeJson } from "./report";
import { dataOfEnterpriseOne, getRequest, listRequest, routesOf, signInAll, type TRoute } from "./scenarios";
import { seedBench } from "./seed";
import { settle, startBenchServer, startLimitServer, type TBenchServer } from "./server";
import { soak } from "./soak";

/**
 * `npm run bench`: seeds (or reuses) a database, starts the real server and its limit (limit-server.ts: the same
 * statements on a bare Fastify) each in its own process, and loads each route on both with autocannon from this one,
 * with the same requests; prints the figures against the targets and writes them as JSON (docs/performance.md).
 */
const options = benchOptions(process.argv.slice(2));
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

const db = await openBenchDatabase(options);
let server: TBenchServer | undefined;
let limitServer: TBenchServer | undefined;
try {
  let seedSeconds: number | null = null;
  if (db.seeded) {
    log("reusing the seeded data");
  } else {
    const started = Date.now();
    log(`seeding ${options.permits.toLocaleString("en")} permits`);
    await seedBench(db.database.pool, {
      permits: options.permits,
      sendedForVerify: Math.max(5_000, Math.round(options.permits / 10)),
      progress: log,
    });
    seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    log(`seeded in ${seedSeconds} s`);
  }
  const { rows } = await db.database.pool.query<{ n: string }>("SELECT count(*) AS n FROM permits");
  const permitCount = Number(rows[0]?.n ?? 0);

  server = await startBenchServer({
    databaseUrl: db.url,
    dataDir: path.join(options.dataDir, "app"),
    port: options.port,
    profileDir: options.profileDir,
  });
  log(`server ${server.url} (pid ${server.pid}, log ${server.logFile}), ${permitCount.toLocaleString("en")} permits`);
  if (options.limit) {
    limitServer = await startLimitServer({
      databaseUrl: db.url,
      dataDir: path.join(options.dataDir, "app"),
      port: options.limitPort,
    });
    log(`limit server ${limitServer.url} (pid ${limitServer.pid}, log ${limitServer.logFile})`);
  }
  const data = await dataOfEnterpriseOne(db.database.pool);
  let tokens = await signInAll(server.url);
  const selected = (route: TRoute, index: number) => index === 0 || !options.only || route.name.includes(options.only);
  // Each side verifies its own half of the sent permits (a permit is verified once).
  const half = Math.ceil(data.toVerify.length / 2);
  const now = Date.now();
  const routes = routesOf(data, tokens, data.toVerify.slice(0, half), now).filter(selected);
  const limitRoutes = routesOf(data, tokens, data.toVerify.slice(half), now).filter(selected);

  // Warm up the JIT, the pools and PostgreSQL's cache on the read routes before measuring anything.
  for (const target of [server, limitServer]) {
    if (!target) continue;
    for (const requests of [
      [{ method: "GET", path: "/api/ping" }],
      [getRequest(data, tokens.enterprise)],
      [listRequest(data, tokens.enterprise)],
    ]) {
      await load({ url: target.url, connections: 10, duration: 3, requests });
    }
  }

  const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
  const results: TRouteResult[] = [];
  for (const [index, route] of routes.entries()) {
    if (route.maxRequests === 0) {
      log(`${route.name}: skipped, its data is used up (seed again without --keep)`);
      continue;
    }
    const connections = route.connections ?? options.connections;
    const measure = (url: string, { requests, maxRequests }: TRoute) =>
      load({
        url,
        connections,
        duration: options.duration,
        requests,
        ...(maxRequests ? { maxOverallRequests: Math.max(maxRequests, connections) } : {}),
      });
    const before = loadAverage();
    log(`${route.name}: load average ${before.join(" / ")} (1, 5, 15 min)`);
    const figures = await measure(server.url, route);
    await settle(server);
    const limitRoute = limitRoutes[index];
    const limit = limitServer && limitRoute ? await measure(limitServer.url, limitRoute) : undefined;
    if (limitServer) await settle(limitServer);
    const result = judge(route, figures, results[0]?.perSecond ?? figures.perSecond, {
      connections,
      benchConnections: options.connections,
      loadAverage: before,
      ...(limit ? { limit } : {}),
    });
    results.push(result);
    const limitText = result.limit
      ? `; limit ${result.limit.perSecond} req/s, p95 ${result.limit.p95} ms, ${result.limit.errors} errors, ` +
        `${result.limit.non2xx} non-2xx: ${Math.round(result.limit.fraction * 1000) / 10} % of it`
      : "";
    log(
      `${route.name}: ${result.perSecond} req/s, p95 ${result.p95} ms, ${result.errors} errors, ${result.non2xx} non-2xx${limitText}`,
    );
  }
  printTable(results);

  let soakResult = null;
  if (options.soakSeconds > 0) {
    // The access tokens last 15 minutes: a fresh set for the soak.
    tokens = await signInAll(server.url);
    const get = results.find((r) => r.name === "get a permit")!.perSecond;
    const list = results.find((r) => r.name === "list, filtered")!.perSecond;
    // Half the peak of a 50/50 mix (each request of the pair costs what it costs alone).
    const rate = Math.max(1, Math.round(2 / (1 / get + 1 / list) / 2));
    log(`soak: ${options.soakSeconds} s at ${rate} req/s (list and get, alternately)`);
    soakResult = await soak({
      url: server.url,
      connections: options.connections,
      seconds: options.soakSeconds,
      rate,
      requests: [listRequest(data, tokens.enterprise), getRequest(data, tokens.enterprise)],
      rssMiB: server.rssMiB,
      progress: (m) => log(`soak minute ${m.minute}: ${m.requests} requests, p95 ${m.p95} ms, RSS ${m.rssMiB} MiB`),
    });
    printSoak(soakResult);
  }

  writeJson(options.json, {
    date: new Date().toISOString(),
    machine: await machine(db.database.pool),
    options: { ...options, databaseUrl: options.databaseUrl ? "(DATABASE_URL)" : null },
    permits: permitCount,
    seedSeconds,
    routes: results,
    soak: soakResult,
  });
} finally {
  await limitServer?.stop();
  await server?.stop();
  await db.stop();
}
