import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "./helpers/test-app";
import { readRouteTable, type TRoute } from "./matrix/routes";

/**
 * The served OpenAPI document against the server itself (docs/decisions.md, "The API document tells the truth"):
 * what it says of each operation is what the server does.
 */
interface TOperation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
interface TDocument {
  security?: unknown[];
  paths: Record<string, Record<string, TOperation>>;
}

let t: TTestApp;
let doc: TDocument;
let routes: TRoute[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  // The document and its UI are not operations of the API.
  routes = (await readRouteTable(t.ctx)).filter((r) => r.url !== "/api/openapi.json" && !r.url.startsWith("/api/docs"));
});
afterAll(() => t.close());

const documented = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const operationOf = (route: TRoute) => doc.paths[documented(route.url)]?.[route.method.toLowerCase()];
/** The route's URL with each parameter filled (an id that names nothing: only the access check matters here). */
const concrete = (url: string) => url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");

describe("the OpenAPI document", () => {
  it("describes every API route, and only API routes", () => {
    expect(routes.filter((route) => !operationOf(route)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });

  it("asks a bearer token of exactly the routes that are not public", () => {
    const wrong = routes.filter((route) => {
      const security = operationOf(route)?.security ?? doc.security;
      const expected = route.access === "public" ? [] : [{ bearer: [] }];
      return JSON.stringify(security) !== JSON.stringify(expected);
    });
    expect(wrong.map((r) => `${r.method} ${r.url} (${JSON.stringify(r.access)})`)).toEqual([]);
    expect(routes.some((route) => route.access === "public")).toBe(true);
  });

  it("is right about it: a public route answers without a token, any other one answers 401", async () => {
    const answers = await Promise.all(
      routes.map(async (route) => {
        const response = await t.app.inject({ method: route.method, url: concrete(route.url) });
        return {
          route: `${route.method} ${route.url}`,
          public: route.access === "public",
          status: response.statusCode,
        };
      }),
    );
    expect(answers.filter((a) => a.public === (a.status === 401))).toEqual([]);
  });
});
