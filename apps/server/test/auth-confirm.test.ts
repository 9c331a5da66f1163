import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linesLeaking, nextMail, otherCode, queuedMails, signUpWithCode, uniqueEmail } from "./helpers/accounts";
import { bearer, createUser, signIn } from "./helpers/factories";
import { expectError, expectFields, post } from "./helpers/http";
import { codeIn } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const confirm = (email: string, code: string) => post(t.app, "/api/auth/confirm-account", { email, code });
const signInCall = (email: string, password: string) => post(t.app, "/api/auth/sign-in", { email, password });

describe("POST /api/auth/confirm-account", () => {
  it("activates a supplier, who can then sign in", async () => {
    const { email, password, code } = await signUpWithCode(t);
    expectError(await signInCall(email, password), 403, "ACCOUNT_NOT_CONFIRMED");
    const response = await confirm(email, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: "active" } });
    expect((await signInCall(email, password)).statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query(
      "SELECT u.status, s.status AS company FROM users u JOIN suppliers s ON s.id = u.supplier_id WHERE u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ status: "active", company: "active" }]);
  });

  it("leaves a company the admin disabled while it waited for its code disabled (403 ACCOUNT_DISABLED)", async () => {
    const { email, password, code } = await signUpWithCode(t);
    await t.ctx.pool.query(
      "UPDATE suppliers SET status = 'disabled' WHERE id = (SELECT supplier_id FROM users WHERE email = $1)",
      [email],
    );
    expectError(await confirm(email, code), 403, "ACCOUNT_DISABLED");
    const { rows } = await t.ctx.pool.query(
      "SELECT u.status, s.status AS company FROM users u JOIN suppliers s ON s.id = u.supplier_id WHERE u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ status: "pending_confirmation", company: "disabled" }]);
    expectError(await signInCall(email, password), 403, "ACCOUNT_NOT_CONFIRMED");
  });

  it("puts an enterprise under verification and files a demand for the admin", async () => {
    const { email, password, code, companyName } = await signUpWithCode(t, { accountType: "Enterprise" });
    const response = await confirm(email, code);
    expect(response.json()).toEqual({ data: { status: "pending_verification" } });
    expectError(await signInCall(email, password), 403, "ACCOUNT_INACTIVE");

    const admin = await createUser(t.ctx, "Admin");
    const { token } = await signIn(t.app, admin.email);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/demands?status=pending",
      headers: bearer(token),
    });
    const demand = list.json().data.find((d: { requester: { email: string } }) => d.requester.email === email);
    expect(demand).toMatchObject({
      kind: "enterprise_account",
      status: "pending",
      enterprise: { name: companyName, status: "pending_verification" },
    });
  });

  it("refuses a wrong code, and an unknown e-mail the same way", async () => {
    const { email, code } = await signUpWithCode(t);
    const wrong = await confirm(email, otherCode(code));
    expect(expectError(wrong, 400, "SECURITY_CODE_INVALID").fields).toEqual({ code: "SECURITY_CODE_INVALID" });
    const unknown = await confirm(uniqueEmail(), code);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("kills the code after 5 wrong guesses, even for the right one (429)", async () => {
    const { email, code } = await signUpWithCode(t);
    for (let i = 0; i < 5; i++) expectError(await confirm(email, otherCode(code)), 400, "SECURITY_CODE_INVALID");
    expectError(await confirm(email, code), 429, "TOO_MANY_ATTEMPTS");
    const { rows } = await t.ctx.pool.query("SELECT status FROM users WHERE email = $1", [email]);
    expect(rows[0].status).toBe("pending_confirmation");
  });

  it("refuses an expired code", async () => {
    const { email, code } = await signUpWithCode(t);
    await t.ctx.pool.query(
      "UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    );
    expectError(await confirm(email, code), 400, "SECURITY_CODE_EXPIRED");
  });

  it("works once: confirming again fails, as for an address without an account", async () => {
    const { email, code } = await signUpWithCode(t);
    expect((await confirm(email, code)).statusCode).toBe(200);
    const again = await confirm(email, code);
    const unknown = await confirm(uniqueEmail("nobody"), code);
    expectError(again, 400, "SECURITY_CODE_INVALID");
    // Whether an address has an account is not told here either.
    expect(again.json()).toEqual(unknown.json());
  });

  it("checks the code's format", async () => {
    const { email } = await signUpWithCode(t);
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      expectFields(await confirm(email, code), { code: "codeFormat" });
    }
    expectFields(await confirm("nobody", "123456"), { email: "invalidEmail" });
  });
});

describe("POST /api/auth/resend-confirmation", () => {
  it("sends a new code; the old one stops working", async () => {
    const { email, code: first } = await signUpWithCode(t);
    const pending = nextMail(t, email);
    const response = await post(t.app, "/api/auth/resend-confirmation", { email });
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().data.codeExpiresAt)).toBeGreaterThan(Date.now());
    const second = codeIn(await pending);
    if (second !== first) expectError(await confirm(email, first), 400, "SECURITY_CODE_INVALID");
    expect((await confirm(email, second)).json().data.status).toBe("active");
  });

  it("answers an unknown or already confirmed e-mail with the same shape, and sends nothing", async () => {
    const known = await signUpWithCode(t);
    const shape = (await post(t.app, "/api/auth/resend-confirmation", { email: known.email })).json();
    const nobody = uniqueEmail();
    const unknown = await post(t.app, "/api/auth/resend-confirmation", { email: nobody });
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(shape.data));
    expect(Date.parse(unknown.json().data.codeExpiresAt)).toBeGreaterThan(Date.now());
    expect(await queuedMails(t.ctx, nobody)).toBe(0);

    const active = await createUser(t.ctx, "Admin");
    expect((await post(t.app, "/api/auth/resend-confirmation", { email: active.email })).statusCode).toBe(200);
    expect(await queuedMails(t.ctx, active.email)).toBe(0);
  });

  it("never logs the password or the codes outside the outbox line", async () => {
    const { email, password, code: first } = await signUpWithCode(t);
    const pending = nextMail(t, email);
    await post(t.app, "/api/auth/resend-confirmation", { email });
    const code = codeIn(await pending);
    await confirm(email, otherCode(code));
    await confirm(email, code);
    expect(linesLeaking(t, [password, first, code, otherCode(code)])).toEqual([]);
  });
});
