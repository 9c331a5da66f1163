import { describe, expect, it } from "vitest";
import { containing, listQueryOf, pageIdsStatement } from "../bench/limit-list";
import { SQL } from "../bench/limit-sql";
import type { TFigures } from "../bench/load";
import { judge, judgeLimit, LIMIT_TARGETS, limitCells, limitTargetOf } from "../bench/report";
import { routesOf, type TEnterpriseData } from "../bench/scenarios";

/**
 * The bench's limit column (docs/performance.md, "What it does"): each route as a share of a bare server running the
 * app's own statements, judged against 75 % (reads) and 60 % (writes) at the bench's connections.
 */
const figures = (perSecond: number, more: Partial<TFigures> = {}): TFigures => ({
  requests: perSecond * 10,
  seconds: 10,
  perSecond,
  p50: 5,
  p95: 10,
  p99: 20,
  errors: 0,
  non2xx: 0,
  ...more,
});

describe("the limit's target", () => {
  it("is 75 % for a read and 60 % for a write at the bench's connections", () => {
    expect(limitTargetOf("read", 50, 50)).toBe(0.75);
    expect(limitTargetOf("write", 50, 50)).toBe(0.6);
    expect(LIMIT_TARGETS).toEqual({ read: 0.75, write: 0.6 });
  });

  it("is none for the baseline, or for a route run at another number of connections", () => {
    expect(limitTargetOf("baseline", 50, 50)).toBeNull();
    expect(limitTargetOf("read", 1, 50)).toBeNull();
  });
});

describe("judgeLimit", () => {
  it("gives the app's share of the limit's req/s and whether it reaches the target", () => {
    expect(judgeLimit(figures(750), figures(1000), 0.75)).toMatchObject({ perSecond: 1000, fraction: 0.75, met: true });
    expect(judgeLimit(figures(749), figures(1000), 0.75)).toMatchObject({ fraction: 0.749, met: false });
    expect(judgeLimit(figures(61), figures(100), 0.6)).toMatchObject({ fraction: 0.61, met: true });
  });

  it("has no verdict without a target, and is not met when either side had errors", () => {
    expect(judgeLimit(figures(10), figures(100), null)).toMatchObject({ fraction: 0.1, met: null });
    expect(judgeLimit(figures(900), figures(1000, { non2xx: 3 }), 0.75).met).toBe(false);
    expect(judgeLimit(figures(900, { errors: 1 }), figures(1000), 0.75).met).toBe(false);
  });

  it("does not divide by a limit that answered nothing", () => {
    expect(judgeLimit(figures(10), figures(0), 0.75)).toMatchObject({ fraction: 0, met: false });
  });
});

describe("judge", () => {
  const route = { name: "get a permit", kind: "read" as const, requests: [] };
  const extra = { connections: 50, benchConnections: 50, loadAverage: [1.5, 1, 0.5] };

  it("keeps the baseline ratio and adds the limit with the route's target", () => {
    const result = judge(route, figures(800), 4000, { ...extra, limit: figures(1000, { p95: 12 }) });
    expect(result).toMatchObject({ ratio: 0.2, loadAverage: [1.5, 1, 0.5], connections: 50 });
    expect(result.limit).toMatchObject({ perSecond: 1000, p95: 12, fraction: 0.8, target: 0.75, met: true });
    expect(limitCells(result.limit)).toEqual({
      "limit req/s": "1000",
      "limit p95": "12",
      "of limit": "80 %",
      target: "≥ 75 %",
      met: "yes",
    });
  });

  it("has no limit when the bench ran without one", () => {
    const result = judge(route, figures(800), 4000, extra);
    expect(result.limit).toBeNull();
    expect(limitCells(result.limit)["of limit"]).toBe("—");
  });
});

describe("the limit's list statement", () => {
  const caller = { id: "u-1", enterpriseId: "e-1" };
  const head = ["u-1", "pending", "Recheck", "e-1", "u-1", "u-1", "u-1", "u-1", "pending"];

  it("is the app's own text for the bench's filtered list", () => {
    const query = listQueryOf(
      new URLSearchParams({
        status: "accepted,In_progress,Ended,Canceled",
        sectorId: "s-1",
        from: "2025-11-27T04:10:59.842Z",
        to: "2026-11-27T04:10:59.844Z",
        q: "gas test",
        pageSize: "50",
      }),
    );
    const { text, values } = pageIdsStatement(caller, query, []);
    expect(text).toBe(SQL.pageIdsFiltered);
    expect(values).toEqual([
      ...head,
      "accepted",
      "In_progress",
      "Ended",
      "Canceled",
      "s-1",
      new Date("2025-11-27T04:10:59.842Z"),
      new Date("2026-11-27T04:10:59.844Z"),
      "%gas test%",
      "%gas test%",
      "%gas test%",
      50,
    ]);
  });

  it("is the app's own text for the code search", () => {
    const { text, values } = pageIdsStatement(caller, listQueryOf(new URLSearchParams("q=QKB&pageSize=50")), []);
    expect(text).toBe(SQL.pageIdsSearch);
    expect(values).toEqual([...head, "%QKB%", "%QKB%", "%QKB%", 50]);
  });

  it("adds the matching contractors' ids to the text's arms, numbered before the page size", () => {
    const { text, values } = pageIdsStatement(caller, listQueryOf(new URLSearchParams("q=QKB&pageSize=50")), [
      "a",
      "b",
    ]);
    expect(text).toContain(`"permits"."job_description" ilike $12 or "permits"."supplier_id" in ($13, $14))`);
    expect(text.endsWith("limit $15")).toBe(true);
    expect(values.slice(-3)).toEqual(["a", "b", 50]);
  });

  it("takes LIKE's wildcards in the search literally, as the app does", () => {
    expect(containing("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe("routesOf for the app and for its limit", () => {
  const data: TEnterpriseData = {
    enterpriseId: "e-1",
    second: { enterpriseId: "e-2", sectorId: "s-9", workTypeId: "w-9" },
    sectorIds: ["s-1", "s-2", "s-3"],
    workTypeId: "w-1",
    permitIds: ["p-1", "p-2", "p-3"],
    codes: ["AAA", "BBB"],
    toVerify: ["v-1", "v-2", "v-3", "v-4"],
  };
  const tokens = { enterprise: "t-e", supplier: "t-s", verifiers: ["t-v1", "t-v2"] };
  const sent = (route: ReturnType<typeof routesOf>[number], n: number) =>
    Array.from({ length: n }, () => {
      const request = route.requests[0]!;
      const built = request.setupRequest?.({ ...request } as never, {} as never) as typeof request | undefined;
      return built ?? request;
    });
  const paths = (route: ReturnType<typeof routesOf>[number], n: number) => sent(route, n).map((r) => r.path);

  it("sends the same requests to both: each call starts its own sequence", () => {
    const now = Date.now();
    const app = routesOf(data, tokens, data.toVerify.slice(0, 2), now);
    const limit = routesOf(data, tokens, data.toVerify.slice(2), now);
    for (const name of ["get a permit", "list, filtered", "list, search a code"]) {
      const [a, l] = [app.find((r) => r.name === name)!, limit.find((r) => r.name === name)!];
      expect(paths(a, 5)).toEqual(paths(l, 5));
    }
  });

  it("gives each side its own sent permits to verify, each once", () => {
    const app = routesOf(data, tokens, data.toVerify.slice(0, 2)).find((r) => r.kind === "write" && r.maxRequests);
    const limit = routesOf(data, tokens, data.toVerify.slice(2)).find((r) => r.kind === "write" && r.maxRequests);
    expect(app?.maxRequests).toBe(2);
    expect(paths(app!, 2)).toEqual(["/api/permits/v-2/verify", "/api/permits/v-1/verify"]);
    expect(paths(limit!, 2)).toEqual(["/api/permits/v-4/verify", "/api/permits/v-3/verify"]);
  });

  it("verifies as each verifier in turn (one person's concurrent signatures are throttled)", () => {
    const verify = routesOf(data, tokens, data.toVerify).find((r) => r.kind === "write" && r.maxRequests)!;
    const headers = sent(verify, 3).map((r) => (r.headers as Record<string, string>).authorization);
    expect(headers).toEqual(["Bearer t-v1", "Bearer t-v2", "Bearer t-v1"]);
  });

  it("sends every other draft of the two-enterprise route to enterprise 2, as the same supplier", () => {
    const route = routesOf(data, tokens).find((r) => r.name === "create a draft, two enterprises at once")!;
    const bodies = route.requests.map((r) => JSON.parse(String(r.body)) as Record<string, string>);
    expect(bodies.map((b) => [b.enterpriseId, b.sectorId, b.workTypeId])).toEqual([
      ["e-1", "s-1", "w-1"],
      ["e-2", "s-9", "w-9"],
    ]);
    expect(route.requests.map((r) => (r.headers as Record<string, string>).authorization)).toEqual([
      "Bearer t-s",
      "Bearer t-s",
    ]);
  });
});
