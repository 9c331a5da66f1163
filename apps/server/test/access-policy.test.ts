import { POLICIES } from "@openpermit/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { authPlugin } from "../src/plugins/auth";
import { errorsPlugin } from "../src/plugins/errors";
import { createTenant, createUser, signIn, type TPerson } from "./helpers/factories";
import { expectError, get } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let person: TPerson;
beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

/** A bare Fastify with the auth plugin, and routes registered under /api by `routes`. */
async function appWith(routes: (api: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: t.ctx.db, tokens: t.ctx.tokens });
  await app.register(async (api) => routes(api), { prefix: "/api" });
  await app.ready();
  return app;
}

describe("every /api route declares who may call it", () => {
  it("refuses to build an app with an /api route that has no config.access", async () => {
    await expect(appWith((api) => api.get("/undeclared", async () => "open"))).rejects.toThrow(
      "Route GET /api/undeclared declares no access policy (config.access).",
    );
  });

  it("refuses a route added to the real app without a policy", async () => {
    const app = await buildApp(t.ctx, {});
    try {
      expect(() => app.post("/api/auth/extra", async () => "open")).toThrow(/declares no access policy/);
      expect(() => app.get("/outside-the-api", async () => "page")).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it("applies the declared policy: public, authenticated, a role list", async () => {
    const app = await appWith((api) => {
      api.get("/open", { config: { access: POLICIES.public } }, async () => ({ data: "open" }));
      api.get("/signed-in", { config: { access: POLICIES.authenticated } }, async () => ({ data: "in" }));
      api.get("/admin-only", { config: { access: POLICIES.admin } }, async () => ({ data: "admin" }));
    });
    try {
      const admin = (await signIn(t.app, person.email)).token;
      const tenant = await createTenant(t.ctx);
      const employee = (await signIn(t.app, tenant.employee.email)).token;
      expect((await get(app, "/api/open")).statusCode).toBe(200);
      expectError(await get(app, "/api/signed-in"), 401, "UNAUTHENTICATED");
      expect((await get(app, "/api/signed-in", { token: employee })).statusCode).toBe(200);
      expectError(await get(app, "/api/admin-only", { token: employee }), 403, "FORBIDDEN");
      expect((await get(app, "/api/admin-only", { token: admin })).json()).toEqual({ data: "admin" });
    } finally {
      await app.close();
    }
  });
});

describe("access tokens", () => {
  const me = (token: string) => get(t.app, "/api/auth/me", { token });
  // The test app signs access tokens with the same random secret it keys codes with.
  const secret = () => new TextEncoder().encode(t.ctx.codeKey);
  const claims = () => ({ email: person.email, role: person.role, certserialnumber: person.id });
  const now = () => Math.floor(Date.now() / 1000);

  function signed(options: { alg?: string; key?: Uint8Array; iat?: number; exp?: number; body?: object } = {}) {
    return new SignJWT({ ...claims(), ...options.body })
      .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
      .setIssuer("openpermit")
      .setSubject(person.id)
      .setIssuedAt(options.iat ?? now())
      .setExpirationTime(options.exp ?? now() + 600)
      .sign(options.key ?? secret());
  }

  it("accepts a token made like the server's (the control for the refusals below)", async () => {
    expect((await me(await signed())).statusCode).toBe(200);
    expect((await me((await signIn(t.app, person.email)).token)).statusCode).toBe(200);
  });

  it("refuses a token signed with another secret", async () => {
    const forged = await signed({ key: new TextEncoder().encode("another-secret-another-secret-another") });
    expectError(await me(forged), 401, "UNAUTHENTICATED");
  });

  it("refuses an unsigned token (alg none)", async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const payload = { ...claims(), iss: "openpermit", sub: person.id, iat: now(), exp: now() + 600 };
    for (const alg of ["none", "None", "NONE"]) {
      expectError(await me(`${part({ alg, typ: "JWT" })}.${part(payload)}.`), 401, "UNAUTHENTICATED");
    }
  });

  it("refuses an algorithm outside the allow-list, even with the right secret", async () => {
    expectError(await me(await signed({ alg: "HS512" })), 401, "UNAUTHENTICATED");
  });

  it("refuses an expired token", async () => {
    expectError(await me(await signed({ iat: now() - 1000, exp: now() - 100 })), 401, "UNAUTHENTICATED");
  });

  it("refuses a token whose claims do not fit the account (role, user id)", async () => {
    expectError(await me(await signed({ body: { role: "Enterprise" } })), 401, "UNAUTHENTICATED");
    const other = await createUser(t.ctx, "Admin");
    expectError(await me(await signed({ body: { certserialnumber: other.id } })), 401, "UNAUTHENTICATED");
  });

  it("stops a valid token at once when its account is disabled", async () => {
    const victim = await createUser(t.ctx, "Admin");
    const { token } = await signIn(t.app, victim.email);
    expect((await me(token)).statusCode).toBe(200);
    await t.ctx.pool.query("UPDATE users SET status = 'disabled' WHERE id = $1", [victim.id]);
    expectError(await me(token), 401, "UNAUTHENTICATED");
  });

  it("refuses malformed Authorization headers", async () => {
    for (const authorization of ["Bearer", "Bearer ", "Bearer not.a.jwt", "Basic dXNlcjpwYXNz", "x".repeat(5000)]) {
      const response = await get(t.app, "/api/auth/me", { headers: { authorization } });
      expectError(response, 401, "UNAUTHENTICATED");
    }
  });

  it("ignores a bad token on a public route", async () => {
    const response = await get(t.app, "/api/health", { token: "not.a.jwt" });
    expect(response.statusCode).toBe(200);
  });
});
