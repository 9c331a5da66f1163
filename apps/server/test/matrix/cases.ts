import { policyAllows, type TRole } from "@openpermit/shared";
import type { LightMyRequestResponse } from "fastify";
import { postAcknowledging } from "../helpers/clash-acknowledging";
import { anyAddress, del, get, patch, put, upload } from "../helpers/http";
import { ROLES, type TFixture, type TScope } from "./fixture";
import { foundIn } from "./markers";
import type { TRoute } from "./routes";
import type { TRule } from "./rule";

export type TExpected = "unauthenticated" | "forbidden" | "public" | "allowed" | "refused";

export interface TCase {
  route: TRoute;
  rule: TRule;
  role: TRole | null;
  scope: TScope;
  expected: TExpected;
}

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Runs first what reads, then what writes, then what deletes: a write never changes what a read expects. */
const phaseOf = (c: TCase) => (c.rule.late ? 3 : c.route.method === "GET" ? 0 : c.route.method === "DELETE" ? 2 : 1);

/** The cases of one route: once without a token, each role outside the policy once, each role of it per scope. */
export function casesOf(route: TRoute, rule: TRule): TCase[] {
  const access = route.access!;
  const cases: TCase[] = [
    { route, rule, role: null, scope: "own", expected: access === "public" ? "public" : "unauthenticated" },
  ];
  for (const role of ROLES) {
    if (!policyAllows(access, role)) {
      cases.push({ route, rule, role, scope: "own", expected: "forbidden" });
      continue;
    }
    for (const [scope, reach] of Object.entries(rule.scopes) as [TScope, TRule["scopes"]["own"]][]) {
      const reached = access === "public" || reach === "all" || (reach ?? []).includes(role);
      cases.push({
        route,
        rule,
        role,
        scope,
        expected: reached ? (access === "public" ? "public" : "allowed") : "refused",
      });
    }
  }
  return cases;
}

/**
 * The cases in phases (reads, writes, deletes, late ones), each phase's cases a few at a time: no case of a phase
 * depends on another of the same phase, and the database does most of the waiting.
 */
export async function runInPhases<T>(cases: TCase[], run: (c: TCase) => Promise<T>, concurrency = 4): Promise<T[]> {
  const results: T[] = [];
  for (const phase of [0, 1, 2, 3]) {
    const queue = cases.filter((c) => phaseOf(c) === phase);
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) results.push(await run(c));
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  return results;
}

export async function send(f: TFixture, c: TCase): Promise<LightMyRequestResponse> {
  const reached = c.expected === "allowed" || c.expected === "public";
  const target = await c.rule.target(f, c.scope, c.role, reached);
  let url = c.route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = target.params?.[name];
    if (value === undefined) throw new Error(`${keyOf(c.route)}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  if (target.query) url += `?${new URLSearchParams(target.query)}`;
  const call = { ...(c.role ? { token: f.tokens[c.role] } : {}), ip: anyAddress() };
  const app = f.t.app;
  if (target.file) {
    const { field, part, fields } = target.file;
    return upload(app, c.route.method as "POST" | "PUT", url, field, part, call, fields);
  }
  switch (c.route.method) {
    case "GET":
      return get(app, url, call);
    case "DELETE":
      return del(app, url, call);
    case "POST":
      // Its permits share a place and window: a send, verify or approve acknowledges their clashes.
      return postAcknowledging(app, url, target.body, call);
    case "PUT":
      return put(app, url, target.body, call);
    case "PATCH":
      return patch(app, url, target.body, call);
  }
}

const codeOf = (response: LightMyRequestResponse): string | undefined => {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/** What is wrong with an answer, or null. `hidden`: the markers of every scope the caller may not reach. */
export function judge(c: TCase, response: LightMyRequestResponse, hidden: readonly string[]): string | null {
  const status = response.statusCode;
  const code = codeOf(response);
  const ok = status >= 200 && status < 300;
  if (status >= 500) return `server error ${status} ${code ?? ""}`;
  if (ok && c.role !== null && c.role !== "Admin") {
    const leaks = foundIn(response.body, hidden);
    if (leaks.length > 0) return `answer names what the caller may not see: ${leaks.slice(0, 3).join(", ")}`;
  }
  switch (c.expected) {
    case "unauthenticated":
      return status === 401 && code === "UNAUTHENTICATED"
        ? null
        : `expected 401 UNAUTHENTICATED, got ${status} ${code}`;
    case "forbidden":
      return status === 403 && code === "FORBIDDEN" ? null : `expected 403 FORBIDDEN, got ${status} ${code}`;
    case "public":
      return status === 401 || status === 403 ? `a public route refused access: ${status} ${code}` : null;
    case "allowed": {
      if (c.rule.permits && c.role) {
        if (c.rule.permits(c.role, c.scope))
          return ok ? null : `expected the workflow to let it, got ${status} ${code}`;
        return status === 403 || status === 409 ? null : `expected the workflow to refuse it, got ${status} ${code}`;
      }
      const refusals = c.rule.workflow ? [401, 404] : [401, 403, 404];
      return refusals.includes(status) ? `expected access, got ${status} ${code}` : null;
    }
    case "refused":
      if (status === 403 || status === 404) return null;
      if (status === 400 && c.rule.refusedByValidation) return null;
      // A filter narrowed to what the caller sees answers 2xx: the leak check above proved nothing showed.
      if (ok && c.rule.listFilter) return null;
      return `expected a refusal (403/404), got ${status} ${code}`;
  }
}
