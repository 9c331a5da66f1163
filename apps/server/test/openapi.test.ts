import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaTypeOf } from "../src/lib/route-schemas";
import { openApiChecker } from "./helpers/openapi-check";
import { PDF_BYTES, png } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TCaller, type TTestApp } from "./helpers/test-app";
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
let w: TPermitWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
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

  it("describes none of the web app's files nor its history fallback", async () => {
    // A tiny built web app: its files and the catch-all are routes, but not operations of the API.
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-web-"));
    fs.mkdirSync(path.join(webDist, "assets"));
    fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>OpenPermit</title>");
    fs.writeFileSync(path.join(webDist, "assets", "index-Bq3xZ9aa.js"), "console.log(1);");
    const withWeb = await createTestApp({ webDist });
    try {
      expect((await withWeb.app.inject({ method: "GET", url: "/sign-in" })).statusCode).toBe(200);
      const paths = Object.keys((await withWeb.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths);
      expect(paths.filter((p) => !p.startsWith("/api/"))).toEqual([]);
      expect(paths.length).toBe(Object.keys(doc.paths).length);
    } finally {
      await withWeb.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it("documents a success answer for every operation (the event stream's included)", () => {
    const without = routes.filter(
      (route) => !Object.keys(operationOf(route)?.responses ?? {}).some((s) => /^[23]/.test(s)),
    );
    expect(without.map((r) => `${r.method} ${r.url}`)).toEqual([]);
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

/** Every route that answers a file rather than JSON. */
const FILE_ROUTES = [
  "/api/permits/export",
  "/api/audit/export",
  "/api/statistics/export",
  "/api/permissions/export",
  "/api/isolation-points/export",
  "/api/permits/{id}/pdf",
  "/api/public/calendar/{token}.ics",
  "/api/permits/{id}/files/{fileId}",
  "/api/work-types/{id}/files/{fileId}",
  "/api/specific-risks/{id}/files/{fileId}",
  "/api/specific-risks/{id}/logogram",
  "/api/epis/{id}/icon",
  "/api/sectors/{id}/map",
  "/api/suppliers/{id}/logo",
  "/api/enterprises/{id}/company/logo",
];

describe("the OpenAPI document on files", () => {
  const fileContent = (path: string) => doc.paths[path]?.get?.responses["200"]?.content ?? {};

  it("documents each file answer as bytes of its real types, never as JSON", () => {
    for (const path of FILE_ROUTES) {
      const content = fileContent(path);
      expect(Object.keys(content).length, path).toBeGreaterThan(0);
      expect(content["application/json"], path).toBeUndefined();
      for (const media of Object.values(content))
        expect(media).toEqual({ schema: { type: "string", format: "binary" } });
    }
  });

  it("is right about it: what each file route serves is one of the types it documents", async () => {
    const employee = t.as(w.employee);
    const enterprise = t.as(w.enterpriseUser);
    const draft = await employee.post("/api/permits", completeDraft(w));
    expect(draft.statusCode, draft.body).toBe(201);
    const permitId = draft.json().data.id as string;
    const image = await employee.upload("POST", `/api/permits/${permitId}/files`, "file", {
      data: png(4, 4),
      filename: "site.png",
      type: "image/png",
    });
    expect(image.statusCode, image.body).toBe(201);
    expect((await employee.post(`/api/permits/${permitId}/send`)).statusCode).toBe(200);
    const procedure = await enterprise.upload("POST", `/api/work-types/${w.workType.id}/files`, "file", {
      data: PDF_BYTES,
      filename: "procedure.pdf",
      type: "application/pdf",
    });
    expect(procedure.statusCode, procedure.body).toBe(201);
    const feed = await employee.post("/api/calendar-feed");
    expect(feed.statusCode, feed.body).toBeLessThan(300);
    const feedPath = new URL(feed.json().data.url as string, "http://x").pathname;

    const served: [string, string, TCaller | null][] = [
      ["/api/permits/export", "/api/permits/export?format=csv", enterprise],
      ["/api/permits/export", "/api/permits/export?format=xlsx", enterprise],
      ["/api/audit/export", "/api/audit/export?format=csv", enterprise],
      ["/api/audit/export", "/api/audit/export?format=xlsx", enterprise],
      ["/api/statistics/export", "/api/statistics/export?from=2026-01-01&to=2026-02-28&chart=perMonth", enterprise],
      ["/api/permissions/export", "/api/permissions/export?format=csv", enterprise],
      [
        "/api/isolation-points/export",
        `/api/isolation-points/export?format=xlsx&divisionId=${w.division.id}`,
        enterprise,
      ],
      ["/api/permits/{id}/pdf", `/api/permits/${permitId}/pdf`, employee],
      ["/api/public/calendar/{token}.ics", feedPath, null],
      ["/api/permits/{id}/files/{fileId}", image.json().data.url, employee],
      ["/api/work-types/{id}/files/{fileId}", procedure.json().data.url, enterprise],
    ];
    for (const [path, url, caller] of served) {
      const response = caller ? await caller.get(url) : await t.app.inject({ method: "GET", url });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      const type = mediaTypeOf(String(response.headers["content-type"]));
      expect(Object.keys(fileContent(path)), url).toContain(type);
    }
  });
});

describe("the OpenAPI document on uploads", () => {
  /** The one file field an upload route's documented form requires. */
  const documentedField = (route: TRoute) => {
    const form = operationOf(route)?.requestBody?.content["multipart/form-data"]?.schema;
    const [field] = (form?.required as string[] | undefined) ?? [];
    const properties = form?.properties as Record<string, unknown> | undefined;
    return field && properties?.[field] ? { field, schema: properties[field] } : null;
  };

  it("documents each upload as multipart/form-data with its file field, in binary", () => {
    const uploads = routes.filter((route) => route.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(9);
    for (const route of uploads) {
      expect(Object.keys(operationOf(route)?.requestBody?.content ?? {}), route.url).toEqual(["multipart/form-data"]);
      expect(documentedField(route)?.schema, route.url).toMatchObject({ type: "string", format: "binary" });
    }
  });

  it("is right about it: the file sent in the documented field is taken", async () => {
    const route = routes.find((r) => r.method === "POST" && r.url === "/api/work-types/:id/files");
    const field = route && documentedField(route)?.field;
    expect(field).toBe("file");
    const sent = await t.as(w.enterpriseUser).upload("POST", `/api/work-types/${w.workType.id}/files`, String(field), {
      data: PDF_BYTES,
      filename: "procedure.pdf",
      type: "application/pdf",
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe("the OpenAPI document on the edges", () => {
  it("documents 429 with Retry-After and 431 on every operation, in the error shape", () => {
    const missing = routes.filter((route) => {
      const responses = operationOf(route)?.responses ?? {};
      return !responses["429"]?.headers?.["Retry-After"] || !responses["429"]?.content || !responses["431"]?.content;
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("is right about it: a rate-limited route answers 429 with Retry-After, in the error shape", async () => {
    const url = "/api/public/calendar/nothing-here.ics";
    let refused = await t.app.inject({ method: "GET", url });
    for (let i = 0; i < 40 && refused.statusCode !== 429; i++) refused = await t.app.inject({ method: "GET", url });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
    expect(Object.keys(doc.paths["/api/public/calendar/{token}.ics"]?.get?.responses ?? {})).toContain("429");
  });

  it("states the rules the server checks in code: e-mail format, the phone rule, at least one field of a change", () => {
    const body = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema as unknown as {
        properties: Record<string, Record<string, unknown>>;
        minProperties?: number;
      };
    const signUp = body("/api/auth/sign-up", "post");
    expect(signUp.properties.email).toMatchObject({ format: "email" });
    expect(signUp.properties.phone).toMatchObject({ pattern: expect.any(String) });
    expect(body("/api/auth/me", "patch").minProperties).toBe(1);
    expect(body("/api/sectors/{id}", "patch").minProperties).toBe(1);
  });
});

describe("the OpenAPI checker of the test harness", () => {
  it("refuses an answer the document does not describe", async () => {
    const check = await openApiChecker(t.app);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(() => check("GET", "/api/health", health)).not.toThrow();
    // The health answer read as the ping's: its body is not the ping's documented one.
    expect(() => check("GET", "/api/ping", health)).toThrow(/does not match the document/);
    expect(() => check("GET", "/api/nowhere", health)).toThrow(/not in the OpenAPI document/);
  });
});
