import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linesLeaking, nextMail, signUpBody, signUpWithCode } from "./helpers/accounts";
import { createSupplierCompany, createUser } from "./helpers/factories";
import { expectError, expectFields, post } from "./helpers/http";
import { codeIn, linkTokenIn, subjectOf, textOf } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (body: unknown) => post(t.app, "/api/auth/sign-up", body);
const long = (n: number) => "x".repeat(n);
/** A body's keys and value types, all the way down: what two answers must share when only ids and times differ. */
const shapeOf = (value: unknown): unknown =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
    : typeof value;

describe("POST /api/auth/sign-up", () => {
  it("opens a supplier account and e-mails a six-digit code, in English by default", async () => {
    const body = signUpBody();
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.email).toBe(body.email);
    const expiresIn = Date.parse(data.codeExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    const mail = await t.mailbox.waitFor(body.email);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.raw).toMatch(/^Subject: Your OpenPermit confirmation code/m);
    expect(subjectOf(mail)).not.toMatch(/\d{6}/);
    const { rows } = await t.ctx.pool.query("SELECT role, status FROM users WHERE email = $1", [body.email]);
    expect(rows).toEqual([{ role: "Supplier", status: "pending_confirmation" }]);
  });

  it("opens an enterprise account and writes to a French speaker in French", async () => {
    const { email, mail } = await signUpWithCode(t, { accountType: "Enterprise", language: "fr" });
    expect(mail.raw).toMatch(/^Subject: Votre code de confirmation OpenPermit/m);
    // Lock screens show the subject: the code is in the body alone.
    expect(subjectOf(mail)).not.toMatch(/\d{6}/);
    expect(mail.raw).toContain("Bienvenue sur OpenPermit");
    const { rows } = await t.ctx.pool.query(
      "SELECT u.role, u.language, e.status FROM users u JOIN enterprises e ON e.id = u.enterprise_id WHERE u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ role: "Enterprise", language: "fr", status: "pending_confirmation" }]);
  });

  it("stores the e-mail trimmed and lower-cased", async () => {
    const body = signUpBody();
    const response = await signUp({ ...body, email: `  ${body.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.email).toBe(body.email);
  });

  it("answers a taken address exactly as a new one, and mails its owner a notice instead of a code", async () => {
    const { email } = await signUpWithCode(t, { accountType: "Enterprise", language: "fr" });
    await t.ctx.pool.query("UPDATE users SET status = 'active' WHERE email = $1", [email]);
    const fresh = signUpBody();
    const freshMail = nextMail(t, fresh.email);
    const takenMail = nextMail(t, email);
    const [answerFresh, answerTaken] = [await signUp(fresh), await signUp(signUpBody({ email: email.toUpperCase() }))];
    expect(answerTaken.statusCode).toBe(answerFresh.statusCode);
    expect(answerTaken.statusCode).toBe(201);
    expect(shapeOf(answerTaken.json())).toEqual(shapeOf(answerFresh.json()));
    expect(answerTaken.json().data.email).toBe(email);

    expect(codeIn(await freshMail)).toMatch(/^\d{6}$/);
    const notice = await takenMail;
    expect(notice.raw).toMatch(/^Subject: Tentative d'inscription/m);
    expect(textOf(notice)).toContain("/auth/sign-in/default");
    expect(textOf(notice)).not.toMatch(/\b\d{6}\b/);
    // Nothing changed for the owner: one account, its role and status as they were.
    const { rows } = await t.ctx.pool.query("SELECT role, status FROM users WHERE email = $1", [email]);
    expect(rows).toEqual([{ role: "Enterprise", status: "active" }]);
  });

  it("sends a new code, not a notice, to an address whose account still waits for its code", async () => {
    const { email, code } = await signUpWithCode(t);
    const again = nextMail(t, email);
    expect((await signUp(signUpBody({ email }))).statusCode).toBe(201);
    const second = codeIn(await again);
    expect(second).toMatch(/^\d{6}$/);
    const confirmed = await post(t.app, "/api/auth/confirm-account", { email, code: second });
    expect(confirmed.statusCode, `the first code was ${code}`).toBe(200);
  });

  it("mails a fresh invitation link to an address whose account was created by an invitation", async () => {
    const supplier = await createSupplierCompany(t.ctx);
    const { email } = await createUser(t.ctx, "Employee", { supplierId: supplier.id }, "invited");
    const notice = nextMail(t, email);
    expect((await signUp(signUpBody({ email }))).statusCode).toBe(201);
    const mail = await notice;
    const info = await post(t.app, "/api/auth/invitation", { token: linkTokenIn(mail) });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.email).toBe(email);
  });

  it("answers both of two simultaneous sign-ups with one e-mail alike; one account is opened", async () => {
    const body = signUpBody();
    const answers = await Promise.all([signUp(body), signUp({ ...body, accountType: "Enterprise" })]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM users WHERE email = $1", [body.email]);
    expect(rows[0].n).toBe(1);
  });

  it("ignores unknown fields: nobody signs up as an admin or as already active", async () => {
    const body = signUpBody({ role: "Admin", status: "active", id: "00000000-0000-4000-8000-000000000000" });
    expect((await signUp(body)).statusCode).toBe(201);
    const { rows } = await t.ctx.pool.query("SELECT id, role, status FROM users WHERE email = $1", [body.email]);
    expect(rows[0]).toMatchObject({ role: "Supplier", status: "pending_confirmation" });
    expect(rows[0].id).not.toBe(body.id);
  });
});

describe("sign-up validation (shared validation messages, by key)", () => {
  it.each([
    ["email", "", "emailRequired"],
    ["email", "   ", "emailRequired"],
    ["email", "not-an-email", "invalidEmail"],
    ["email", "jeanne@", "invalidEmail"],
    ["email", `${long(140)}@example.com`, "max150"],
    ["name", "", "nameRequired"],
    ["name", " J ", "min2"],
    ["name", long(51), "max50"],
    ["companyName", "", "companyNameRequired"],
    ["companyName", "A", "min2"],
    ["companyName", long(51), "max50"],
    ["phone", "", "phoneRequired"],
    ["phone", "call me", "invalidNumberFormat"],
    ["phone", "12-34", "invalidNumberFormat"],
    ["phone", "+33 6 12 34 56 78 90 12 34", "invalidNumberFormat"],
    ["password", "", "passwordRequired"],
    ["password", "seven77", "passwordMin8"],
    ["password", long(129), "passwordMax128"],
  ])("%s = %j → %s", async (field, value, key) => {
    expectFields(await signUp(signUpBody({ [field]: value })), { [field]: key });
  });

  it("accepts the limits themselves (2 and 50 characters, 8-character password)", async () => {
    const response = await signUp(signUpBody({ name: "Jo", companyName: long(50), password: "eight888" }));
    expect(response.statusCode).toBe(201);
  });

  it("names every offending field at once", async () => {
    const response = await signUp({
      accountType: "Supplier",
      companyName: "",
      name: "",
      email: "",
      phone: "",
      password: "",
    });
    expectFields(response, {
      companyName: "companyNameRequired",
      name: "nameRequired",
      email: "emailRequired",
      phone: "phoneRequired",
      password: "passwordRequired",
    });
  });

  it.each([
    ["a missing field", { email: undefined }, "email"],
    ["a null", { name: null }, "name"],
    ["a number for a string", { phone: 612345678 }, "phone"],
    ["an array for a string", { companyName: ["Acme"] }, "companyName"],
    ["an object for a string", { password: { $ne: "" } }, "password"],
    ["a role that cannot sign up", { accountType: "Admin" }, "accountType"],
    ["an unknown language", { language: "de" }, "language"],
  ])("answers %s with 400 naming the field by a message key", async (_, overrides, field) => {
    const response = await signUp(signUpBody(overrides));
    const error = expectError(response, 400, "VALIDATION_FAILED");
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expectFields(response, error.fields!);
  });

  it.each([
    ["null", null],
    ["an array", []],
    ["a string", "sign me up"],
    ["a number", 42],
  ])("answers a body that is %s with 400, never 500", async (_, body) => {
    const response = await signUp(body);
    expectError(response, 400, "VALIDATION_FAILED");
    expectFields(response, response.json().error.fields);
  });

  it("limits sign-ups per address (429 after 20 in 15 minutes)", async () => {
    const ip = "192.0.2.10";
    for (let i = 0; i < 20; i++) {
      expect((await post(t.app, "/api/auth/sign-up", {}, { ip })).statusCode).toBe(400);
    }
    expectError(await post(t.app, "/api/auth/sign-up", signUpBody(), { ip }), 429, "RATE_LIMITED");
  });

  it("takes the per-address limit of the code endpoints from AUTH_CODE_LIMIT_PER_15_MINUTES", async () => {
    const tight = await createTestApp({ authCodeLimitPer15Minutes: 3 });
    try {
      const ip = "192.0.2.11";
      for (let i = 0; i < 3; i++) {
        expect((await post(tight.app, "/api/auth/sign-up", {}, { ip })).statusCode).toBe(400);
      }
      expectError(await post(tight.app, "/api/auth/sign-up", signUpBody(), { ip }), 429, "RATE_LIMITED");
    } finally {
      await tight.close();
    }
  });

  it("never logs the password or the code outside the outbox line", async () => {
    const { password, code } = await signUpWithCode(t);
    expect(linesLeaking(t, [password, code])).toEqual([]);
  });
});
