import { ROLES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linesLeaking, uniqueEmail } from "./helpers/accounts";
import { createEnterprise, createTenant, createUser, PASSWORD, signIn } from "./helpers/factories";
import { anyAddress, claimsOf, expectError, expectFields, post, refreshCookieOf } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signInCall = (email: string, password: string, ip = anyAddress()) =>
  post(t.app, "/api/auth/sign-in", { email, password }, { ip });

describe("POST /api/auth/sign-in", () => {
  it("gives a short-lived JWT with the claims of each of the six roles, in their exact casing", async () => {
    const tenant = await createTenant(t.ctx);
    const people = [
      await createUser(t.ctx, "Admin"),
      tenant.enterpriseUser,
      tenant.superResponsible,
      tenant.responsible,
      tenant.supplierUser,
      tenant.employee,
    ];
    for (const person of people) {
      const response = await signInCall(person.email, PASSWORD);
      expect(response.statusCode).toBe(200);
      const { token } = response.json().data;
      expect(token.split(".")).toHaveLength(3);
      const claims = claimsOf(token);
      expect(claims).toMatchObject({ email: person.email, role: person.role, certserialnumber: person.id });
      const lifetime = Number(claims.exp) - Number(claims.iat);
      expect(lifetime).toBeGreaterThan(0);
      expect(lifetime).toBeLessThanOrEqual(900);
    }
    expect(people.map((p) => p.role)).toEqual([...ROLES]);
  });

  it("sets the refresh cookie httpOnly, SameSite=Strict, on /api/auth, not Secure over http", async () => {
    const person = await createUser(t.ctx, "Supplier", { supplierId: (await createTenant(t.ctx)).supplier.id });
    const cookie = refreshCookieOf(await signInCall(person.email, PASSWORD));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
    const lifetime = cookie!.expires!.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 86_400_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it("sets the cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ publicUrl: "https://permits.example.com" });
    try {
      const admin = await createUser(secure.ctx, "Admin");
      const response = await post(secure.app, "/api/auth/sign-in", { email: admin.email, password: PASSWORD });
      expect(refreshCookieOf(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
    } finally {
      await secure.close();
    }
  });

  it("accepts the e-mail in any case", async () => {
    const admin = await createUser(t.ctx, "Admin");
    expect((await signInCall(` ${admin.email.toUpperCase()} `, PASSWORD)).statusCode).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const wrong = await signInCall(admin.email, "Wrong-password-1");
    const unknown = await signInCall(uniqueEmail(), "Wrong-password-1");
    expectError(wrong, 401, "INVALID_CREDENTIALS");
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.cookies).toEqual([]);
  });

  it("refuses accounts that may not sign in, each with its own code", async () => {
    const { enterprise } = await createEnterprise(t.ctx);
    const inEnterprise = { enterpriseId: enterprise.id };
    const cases = [
      [await createUser(t.ctx, "Enterprise", inEnterprise, "pending_confirmation"), 403, "ACCOUNT_NOT_CONFIRMED"],
      [await createUser(t.ctx, "Enterprise", inEnterprise, "pending_verification"), 403, "ACCOUNT_INACTIVE"],
      [await createUser(t.ctx, "Enterprise", inEnterprise, "disabled"), 403, "ACCOUNT_DISABLED"],
      [await createUser(t.ctx, "Enterprise", inEnterprise, "invited"), 401, "INVALID_CREDENTIALS"],
    ] as const;
    for (const [person, status, code] of cases) expectError(await signInCall(person.email, PASSWORD), status, code);
    // A refusal is only for the right password: a wrong one stays INVALID_CREDENTIALS.
    expectError(await signInCall(cases[2][0].email, "Wrong-password-1"), 401, "INVALID_CREDENTIALS");
  });

  it("refuses the people of a company the admin disabled", async () => {
    const tenant = await createTenant(t.ctx);
    await t.ctx.pool.query("UPDATE enterprises SET status = 'disabled' WHERE id = $1", [tenant.enterprise.id]);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [tenant.supplier.id]);
    for (const person of [tenant.enterpriseUser, tenant.responsible, tenant.supplierUser, tenant.employee]) {
      expectError(await signInCall(person.email, PASSWORD), 403, "ACCOUNT_DISABLED");
    }
  });

  it("refuses the live tokens of a disabled company's people on every signed-in route, until it is enabled", async () => {
    const tenant = await createTenant(t.ctx);
    const people = [tenant.enterpriseUser, tenant.responsible, tenant.supplierUser, tenant.employee];
    const tokens = await Promise.all(people.map(async (p) => (await signIn(t.app, p.email)).token));
    const me = (token: string) =>
      t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    for (const token of tokens) expect((await me(token)).statusCode).toBe(200);
    await t.ctx.pool.query("UPDATE enterprises SET status = 'disabled' WHERE id = $1", [tenant.enterprise.id]);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [tenant.supplier.id]);
    for (const token of tokens) expectError(await me(token), 403, "ACCOUNT_DISABLED");
    await t.ctx.pool.query("UPDATE enterprises SET status = 'active' WHERE id = $1", [tenant.enterprise.id]);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'active' WHERE id = $1", [tenant.supplier.id]);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(200);
  });

  it("validates its input", async () => {
    expectFields(await signInCall("", ""), { email: "emailRequired", password: "passwordRequired" });
    expectFields(await signInCall("someone", PASSWORD), { email: "invalidEmail" });
    expectFields(await post(t.app, "/api/auth/sign-in", { email: null, password: 12 }), {
      email: "emailRequired",
      password: "passwordRequired",
    });
    expectFields(await post(t.app, "/api/auth/sign-in", { email: 12, password: "x" }), { email: "invalidValue" });
    expectFields(await post(t.app, "/api/auth/sign-in", { password: "x" }), { email: "emailRequired" });
  });
});

describe("sign-in rate limits and audit", () => {
  it("locks an account after 10 failures in 15 minutes, even for the right password, from anywhere", async () => {
    const admin = await createUser(t.ctx, "Admin");
    for (let i = 0; i < 10; i++)
      expectError(await signInCall(admin.email, `Wrong-${i}-pass`), 401, "INVALID_CREDENTIALS");
    expectError(await signInCall(admin.email, PASSWORD), 429, "TOO_MANY_ATTEMPTS");
    expectError(await signInCall(admin.email.toUpperCase(), PASSWORD), 429, "TOO_MANY_ATTEMPTS");

    const { rows } = await t.ctx.pool.query<{ outcome: string; n: number }>(
      "SELECT outcome, count(*)::int AS n FROM auth_attempts WHERE email = $1 GROUP BY outcome ORDER BY outcome",
      [admin.email],
    );
    expect(rows).toEqual([
      { outcome: "failure", n: 10 },
      { outcome: "throttled", n: 2 },
    ]);

    // Failures older than the window no longer count.
    await t.ctx.pool.query("UPDATE auth_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1", [
      admin.email,
    ]);
    expect((await signInCall(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it("blocks an address after 10 failures over different e-mails; other addresses are unaffected", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 10; i++) expectError(await signInCall(uniqueEmail(), PASSWORD, ip), 401, "INVALID_CREDENTIALS");
    const admin = await createUser(t.ctx, "Admin");
    expectError(await signInCall(admin.email, PASSWORD, ip), 429, "TOO_MANY_ATTEMPTS");
    expect((await signInCall(admin.email, PASSWORD, "198.51.100.8")).statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query(
      "SELECT outcome, reason FROM auth_attempts WHERE ip = $1 ORDER BY created_at DESC LIMIT 1",
      [ip],
    );
    expect(rows[0]).toEqual({ outcome: "throttled", reason: "address" });
  });

  it("records every attempt: success, failure and refusal, with address and user", async () => {
    const { enterprise } = await createEnterprise(t.ctx);
    const waiting = await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id }, "pending_verification");
    const ip = anyAddress();
    await signInCall(waiting.email, "Wrong-password-1", ip);
    await signInCall(waiting.email, PASSWORD, ip);
    await t.ctx.pool.query("UPDATE users SET status = 'active' WHERE id = $1", [waiting.id]);
    await signInCall(waiting.email, PASSWORD, ip);
    const { rows } = await t.ctx.pool.query(
      "SELECT outcome, reason, ip, user_id FROM auth_attempts WHERE email = $1 ORDER BY created_at",
      [waiting.email],
    );
    expect(rows).toEqual([
      { outcome: "failure", reason: "wrong password", ip, user_id: waiting.id },
      { outcome: "refused", reason: "pending_verification", ip, user_id: waiting.id },
      { outcome: "success", reason: "ok", ip, user_id: waiting.id },
    ]);
    expect(t.logLines.some((l) => l.includes('"event":"sign-in"') && l.includes(waiting.email))).toBe(true);
  });

  it("never logs the password, the access token or the refresh cookie", async () => {
    const admin = await createUser(t.ctx, "Admin");
    await signInCall(admin.email, "Not-the-password-5");
    const { token, refreshCookie } = await signIn(t.app, admin.email);
    await post(
      t.app,
      "/api/auth/refresh-token",
      { email: admin.email },
      {
        cookie: refreshCookie,
        headers: { origin: t.ctx.config.publicUrl },
      },
    );
    expect(linesLeaking(t, [PASSWORD, "Not-the-password-5", token, refreshCookie])).toEqual([]);
  });
});
