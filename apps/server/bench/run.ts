import path from "node:path";
import { openBenchDatabase } from "./database";
import { load } from "./load";
import { benchOptions } from "./options";
import { judge, machine, printSoak, printTable, type TRouteResult, writeJson } from "./report";
import { dataOfEnterpriseOne, getRequest, listRequest, routesOf, signInAll } from "./scenarios";
import { seedBench } from "./seed";
import { startBenchServer } from "./server";
import { soak } from "./soak";

/**
 * `npm run bench`: seeds (or reuses) a database, starts the real server in its own process and loads each route
 * with autocannon from this one; prints the figures against the targets and writes them as JSON
 * (docs/performance.md reads them).
 */
const options = benchOptions(process.argv.slice(2));
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

const db = await openBenchDatabase(options);
let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
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
  const data = await dataOfEnterpriseOne(db.database.pool);
  let tokens = await signInAll(server.url);
  const routes = routesOf(data, tokens).filter(
    (route, index) => index === 0 || !options.only || route.name.includes(options.only),
  );

  // Warm up the JIT, the pools and PostgreSQL's cache on the read routes before measuring anything.
  for (const requests of [
    [{ method: "GET", path: "/api/ping" }],
    [getRequest(data, tokens.enterprise)],
    [listRequest(data, tokens.enterprise)],
  ]) {
    await load({ url: server.url, connections: 10, duration: 3, requests });
  }

  const results: TRouteResult[] = [];
  for (const route of routes) {
    if (route.maxRequests === 0) {
      log(`${route.name}: skipped, its data is used up (seed again without --keep)`);
      continue;
    }
    const figures = await load({
      url: server.url,
      connections: route.connections ?? options.connections,
      duration: options.duration,
      requests: route.requests,
      ...(route.maxRequests ? { maxOverallRequests: Math.max(route.maxRequests, options.connections) } : {}),
    });
    const result = judge(route, figures, results[0]?.perSecond ?? figures.perSecond);
    results.push(result);
    log(
      `${route.name}: ${result.perSecond} req/s, p95 ${result.p95} ms, ${result.errors} errors, ${result.non2xx} non-2xx`,
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
  await server?.stop();
  await db.stop();
}
