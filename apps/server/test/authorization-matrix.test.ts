import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as access from "../src/access";
import { createTestApp, type TTestApp } from "./helpers/test-app";
import { accessChecksOf } from "./matrix/access-checks";
import { casesOf, judge, keyOf, runInPhases, send } from "./matrix/cases";
import { buildFixture, type TFixture } from "./matrix/fixture";
import { markersOf } from "./matrix/markers";
import { writeMatrixReport } from "./matrix/report";
import { readRouteTable, type TRoute } from "./matrix/routes";
import { RULES, SKIPPED, UNDECLARED } from "./matrix/rules";

/**
 * Every route of the real app × the six roles (and no token) × each scope its objects can be in: own tenant,
 * another division, another supplier, another tenant. The expectation comes from the route's declared policy
 * and the scope rule declared for it in matrix/rules*.ts; the answer comes from the real services.
 */
let t: TTestApp;
let routes: TRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = await readRouteTable(t.ctx);
}, 120_000);
afterAll(() => t?.close());

describe("the authorization matrix", () => {
  it("reads a declared policy on every /api route but the OpenAPI UI's", () => {
    const undeclared = routes.filter((r) => r.access === undefined).map(keyOf);
    expect(undeclared.sort()).toEqual([...UNDECLARED].sort());
  });

  it("has a scope rule for every route with a policy, and none for a route that is gone", () => {
    const declared = routes.filter((r) => r.access !== undefined).map(keyOf);
    const missing = declared.filter((key) => !RULES[key] && !SKIPPED[key]);
    const stale = [...Object.keys(RULES), ...Object.keys(SKIPPED)].filter((key) => !declared.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it("names, for every route with a rule, access/ functions that exist", () => {
    const declared = routes.filter((r) => r.access !== undefined).map(keyOf);
    const unnamed = declared.filter((key) => accessChecksOf(key).length === 0);
    const unknown = declared.flatMap((key) => accessChecksOf(key).filter((name) => !(name in access)));
    expect({ unnamed, unknown }).toEqual({ unnamed: [], unknown: [] });
  });

  it("answers every case as its policy and scope rule say, and never shows another tenant's data", async () => {
    const started = Date.now();
    const f: TFixture = await buildFixture(t);
    const built = Date.now();
    const markers = await markersOf(f);
    const covered = routes.filter((r) => r.access !== undefined && RULES[keyOf(r)]);
    const cases = covered.flatMap((route) => casesOf(route, RULES[keyOf(route)]!));
    const results = await runInPhases(cases, async (c) => {
      const hidden = [
        ...(c.rule.mayNameOthers ? [] : markers.otherTenant),
        ...(["otherDivision", "otherSupplier"] as const).flatMap((scope) => {
          const reach = c.rule.scopes[scope];
          const reached = reach === "all" || (c.role !== null && reach?.includes(c.role));
          return reach === undefined || reached ? [] : markers[scope];
        }),
      ];
      try {
        const response = await send(f, c);
        return { c, status: response.statusCode, problem: judge(c, response, hidden) };
      } catch (error) {
        return { c, status: 0, problem: `could not run: ${(error as Error).message}` };
      }
    });
    const failures = results
      .filter((r) => r.problem)
      .map(({ c, problem }) => `${keyOf(c.route)} as ${c.role ?? "nobody"} on ${c.scope}: ${problem}`);
    const skipped = Object.entries(SKIPPED).map(([key, why]) => `  ${key}: ${why}`);
    console.info(
      `authorization matrix: ${cases.length} cases over ${covered.length} routes` +
        ` (${results.filter((r) => r.status >= 200 && r.status < 300).length} answered 2xx);` +
        ` fixture ${built - started} ms, cases ${Date.now() - built} ms; skipped ${skipped.length}:\n${skipped.join("\n")}`,
    );
    writeMatrixReport(results, SKIPPED);
    if (process.env.MATRIX_DEBUG) {
      const askedFor = results.filter((r) => r.c.expected === "allowed" && (r.status < 200 || r.status >= 300));
      console.info(askedFor.map((r) => `${keyOf(r.c.route)} ${r.c.role} ${r.c.scope} ${r.status}`).join("\n"));
    }
    if (failures.length > 0) console.error(`${failures.length} failures:\n${failures.join("\n")}`);
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(500);
  }, 300_000);
});
