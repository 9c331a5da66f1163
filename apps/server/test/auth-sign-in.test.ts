import { ROLES } from "@openpermit/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIGN_IN_ACCOUNT_FREE_FAILURES,
  SIGN_IN_ADDRESS_MAX_FAILURES,
  SIGN_IN_PAIR_MAX_FAILURES,
  SIGN_IN_SLOWDOWN_MAX_SECONDS,
  SIGN_IN_WINDOW_MINUTES,
  slowdownSeconds,
} from "../src/modules/auth/sign-in-limits";
import { linesLeaking, NEW_PASSWORD, nextMail, uniqueEmail } from "./helpers/accounts";
import { createEnterprise, createTenant, createUser, PASSWORD, signIn } from "./helpers/factories";
import { anyAddress, claimsOf, expectError, expectFields, post, refreshCookieOf } from "./helpers/http";
import { codeIn } from "./helpers/mail";
import { openApiChecker } from "./helpers/openapi-check";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let check: Awaited<ReturnType<typeof openApiChecker>>;
beforeAll(async () => {
  t = await createTestApp();
  check = await openApiChecker(t.app);
});
afterAll(() => t.close());

/** Every sign-in answer of this file is also checked against the served OpenAPI document. */
const signInCall = async (email: string, password: string, ip = anyAddress()) => {
  const response = await post(t.app, "/api/auth/sign-in", { email, password }, { ip });
  check("POST", "/api/auth/sign-in", response);
  return response;
};

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
  /** How many answers had each status, and every 429's Retry-After. */
  const tally = (answers: LightMyRequestResponse[]) => ({
    checked: answers.filter((a) => a.statusCode === 401).length,
    throttled: answers.filter((a) => a.statusCode === 429).length,
    retryAfter: answers.filter((a) => a.statusCode === 429).map((a) => Number(a.headers["retry-after"])),
  });
  const outcomes = async (email: string) =>
    (
      await t.ctx.pool.query<{ outcome: string; reason: string; n: number }>(
        `SELECT outcome, reason, count(*)::int AS n FROM auth_attempts WHERE email = $1
         GROUP BY outcome, reason ORDER BY outcome, reason`,
        [email],
      )
    ).rows;
  const wrongGuesses = (email: string, n: number, ip?: () => string) =>
    Promise.all(Array.from({ length: n }, (_, i) => signInCall(email, `Wrong-${i}-pass`, ip?.())));

  it("checks no more than the limit of many wrong passwords sent together for one account from one address", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const ip = anyAddress();
    const answers = tally(await wrongGuesses(admin.email, 40, () => ip));
    expect(answers.checked).toBe(SIGN_IN_PAIR_MAX_FAILURES);
    expect(answers.throttled).toBe(40 - SIGN_IN_PAIR_MAX_FAILURES);
    for (const seconds of answers.retryAfter) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(SIGN_IN_WINDOW_MINUTES * 60);
    }
    // Every attempt is recorded once, with its real outcome (no reservation is left "checking").
    expect(await outcomes(admin.email)).toEqual([
      { outcome: "failure", reason: "wrong password", n: SIGN_IN_PAIR_MAX_FAILURES },
      { outcome: "throttled", reason: "account and address", n: 40 - SIGN_IN_PAIR_MAX_FAILURES },
    ]);
  });

  it("refuses a guesser's address for the account, even the right password, while the owner signs in from another", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const attacker = anyAddress();
    for (let i = 0; i < SIGN_IN_PAIR_MAX_FAILURES; i++)
      expectError(await signInCall(admin.email, `Wrong-${i}-pass`, attacker), 401, "INVALID_CREDENTIALS");
    for (let i = 0; i < 10; i++)
      expectError(await signInCall(admin.email, "Wrong-pass-9", attacker), 429, "TOO_MANY_ATTEMPTS");
    const refused = await signInCall(admin.email.toUpperCase(), PASSWORD, attacker);
    expectError(refused, 429, "TOO_MANY_ATTEMPTS");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(SIGN_IN_WINDOW_MINUTES * 60 - 60);

    expect((await signInCall(admin.email, PASSWORD, anyAddress())).statusCode).toBe(200);

    // Failures older than the window no longer count.
    await t.ctx.pool.query("UPDATE auth_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1", [
      admin.email,
    ]);
    expect((await signInCall(admin.email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it("forgets an address's failures for the account once it signs in", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const ip = anyAddress();
    const typos = async () => {
      for (let i = 1; i < SIGN_IN_PAIR_MAX_FAILURES; i++)
        expectError(await signInCall(admin.email, `Typo-${i}-pass`, ip), 401, "INVALID_CREDENTIALS");
    };
    await typos();
    expect((await signInCall(admin.email, PASSWORD, ip)).statusCode).toBe(200);
    await typos();
    expect((await signInCall(admin.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it("lets the owner in from the guesser's address once the password is reset by mailed code", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const shared = anyAddress();
    await wrongGuesses(admin.email, SIGN_IN_PAIR_MAX_FAILURES + 3, () => shared);
    expectError(await signInCall(admin.email, PASSWORD, shared), 429, "TOO_MANY_ATTEMPTS");

    const mail = nextMail(t, admin.email);
    expect((await post(t.app, "/api/auth/forgot-password", { email: admin.email }, { ip: shared })).statusCode).toBe(
      200,
    );
    const verified = await post(t.app, "/api/auth/verify-reset-code", { email: admin.email, code: codeIn(await mail) });
    const { resetToken } = verified.json().data;
    const reset = await post(t.app, "/api/auth/reset-password", { resetToken, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(204);
    expect((await signInCall(admin.email, NEW_PASSWORD, shared)).statusCode).toBe(200);
  });

  it("refuses an address after its limit of failures over different e-mails, even sent together; others unaffected", async () => {
    const ip = anyAddress();
    const answers = tally(
      await Promise.all(Array.from({ length: 40 }, () => signInCall(uniqueEmail(), "Wrong-pass-1", ip))),
    );
    expect(answers.checked).toBe(SIGN_IN_ADDRESS_MAX_FAILURES);
    expect(answers.throttled).toBe(40 - SIGN_IN_ADDRESS_MAX_FAILURES);
    const admin = await createUser(t.ctx, "Admin");
    const refused = await signInCall(admin.email, PASSWORD, ip);
    expectError(refused, 429, "TOO_MANY_ATTEMPTS");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signInCall(admin.email, PASSWORD, anyAddress())).statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query(
      "SELECT outcome, reason FROM auth_attempts WHERE ip = $1 ORDER BY created_at DESC LIMIT 1",
      [ip],
    );
    expect(rows[0]).toEqual({ outcome: "throttled", reason: "address" });
  });

  it("slows an account down under guesses from many addresses, one check per growing wait, but never locks the owner out", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const home = anyAddress();
    expect((await signInCall(admin.email, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_ACCOUNT_FREE_FAILURES; i++)
      expectError(await signInCall(admin.email, `Wrong-${i}-pass`), 401, "INVALID_CREDENTIALS");

    // Beyond the free failures, guesses sent together from as many addresses get one check between them.
    const burst = tally(await wrongGuesses(admin.email, 10, anyAddress));
    expect(burst.checked).toBeLessThanOrEqual(1);
    expect(burst.checked + burst.throttled).toBe(10);
    for (const seconds of burst.retryAfter) expect(seconds).toBeLessThanOrEqual(slowdownSeconds(11));
    expect((await outcomes(admin.email)).find((row) => row.outcome === "throttled")?.reason).toBe("account slowdown");

    // The wait grows with the failures, up to its cap.
    await t.ctx.pool.query(
      `INSERT INTO auth_attempts (email, ip, outcome, reason)
       SELECT $1, '192.0.2.' || n, 'failure', 'wrong password' FROM generate_series(1, 20) n`,
      [admin.email],
    );
    const capped = await signInCall(admin.email, PASSWORD, anyAddress());
    expectError(capped, 429, "TOO_MANY_ATTEMPTS");
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(SIGN_IN_SLOWDOWN_MAX_SECONDS / 2);
    expect(Number(capped.headers["retry-after"])).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN_MAX_SECONDS);
    // Meanwhile the owner signs in from an address they signed in from before.
    expect((await signInCall(admin.email, PASSWORD, home)).statusCode).toBe(200);

    // Once the wait has passed, the owner signs in from a new address with the right password.
    await t.ctx.pool.query(
      "UPDATE auth_attempts SET created_at = created_at - make_interval(secs => $2) WHERE email = $1",
      [admin.email, SIGN_IN_SLOWDOWN_MAX_SECONDS],
    );
    expect((await signInCall(admin.email, PASSWORD, anyAddress())).statusCode).toBe(200);
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
