import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiChecker } from "./helpers/openapi-check";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let check: Awaited<ReturnType<typeof openApiChecker>>;
beforeAll(async () => {
  t = await createTestApp();
  check = await openApiChecker(t.app);
});
afterAll(() => t.close());

describe("server basics", () => {
  it("answers the benchmark's constant ping without signing in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/ping" });
    expect(response.statusCode).toBe(200);
    check("GET", "/api/ping", response);
    expect(response.json()).toEqual({ data: "pong" });
  });

  it("answers the health check after asking the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    check("GET", "/api/health", response);
    expect(response.json()).toEqual({ data: { status: "ok", database: "ok" } });
  });

  it("answers 503 without details when the database is gone", async () => {
    const { connectDatabase } = await import("../src/db/client");
    const broken = connectDatabase("postgres://nobody:wrong@127.0.0.1:1/none", 1);
    const original = t.ctx.pool;
    Object.assign(t.ctx, { pool: broken.pool });
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      check("GET", "/api/health", response);
      expect(response.json().error.code).toBe("SERVICE_UNAVAILABLE");
      expect(response.body).not.toContain("ECONNREFUSED");
    } finally {
      Object.assign(t.ctx, { pool: original });
      await broken.pool.end();
    }
  });

  it("sends the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS when the request came over https (behind a trusted proxy)", async () => {
    const proxied = await (await import("./helpers/test-app")).createTestApp({ trustProxy: 1 });
    try {
      const response = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.headers["strict-transport-security"]).toContain("max-age=");
    } finally {
      await proxied.close();
    }
  });

  it("serves the OpenAPI document generated from the route schemas, and its UI", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/auth/sign-in",
        "/api/auth/refresh-token",
        "/api/{role}/{id}",
        "/api/risk-matrix",
        "/api/risk-assignments/applicable",
        "/api/specific-risks/{id}/files/{fileId}",
      ]),
    );
    expect(doc.json().paths["/api/auth/sign-up"].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("answers an unknown API path with a JSON 404 in the error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing/here/at/all" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it("answers broken JSON with 400 INVALID_JSON, never 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("INVALID_JSON");
  });

  it("answers an unsupported content type with 415", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers a body over the limit with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  // Found by the fuzzer (test/fuzz.test.ts): the router's own refusals were in Fastify's shape.
  it("answers a URL with broken percent-encoding with 400, and an overlong path parameter with 404, in the error shape", async () => {
    const broken = await t.app.inject({ method: "GET", url: "/api/permits/%E0%A4%A" });
    expect({ status: broken.statusCode, body: broken.json() }).toEqual({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", message: expect.any(String) } },
    });
    const overlong = await t.app.inject({ method: "GET", url: `/api/permits/${"x".repeat(5000)}` });
    expect({ status: overlong.statusCode, body: overlong.json() }).toEqual({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: expect.any(String) } },
    });
  });

  // Found by the fuzzer: PostgreSQL refuses a NUL in text, and the refusal surfaced as a 500.
  it("answers a NUL character that reaches the database with 400, never 500", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/public/permit-checks/a%00b" });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", message: expect.any(String) } },
    });
  });

  // Found by the fuzzer: a web-app path too long for a file name made the history fallback's stat throw.
  it("serves the web app for a path too long to be a file name, never 500", async () => {
    const response = await t.app.inject({ method: "GET", url: `/${"%C3%A9".repeat(40_000)}` });
    expect(response.statusCode).toBeLessThan(500);
  });
});
