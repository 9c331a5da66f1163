import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_ATTEMPTS } from "../src/modules/auth/codes";
import { linesLeaking, NEW_PASSWORD, nextMail, otherCode, queuedMails, uniqueEmail } from "./helpers/accounts";
import { createEnterprise, createUser, PASSWORD, signIn } from "./helpers/factories";
import { expectError, expectFields, post, refreshCall } from "./helpers/http";
import { codeIn, subjectOf, textOf } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string) => post(t.app, "/api/auth/forgot-password", { email });
const verify = (email: string, code: string) => post(t.app, "/api/auth/verify-reset-code", { email, code });
const reset = (resetToken: string, password = NEW_PASSWORD) =>
  post(t.app, "/api/auth/reset-password", { resetToken, password });
const signInCall = (email: string, password: string) => post(t.app, "/api/auth/sign-in", { email, password });

/** A person who asked for a reset, and the code the e-mail brought. */
async function askedForCode(language: "en" | "fr" = "en") {
  const person = await createUser(t.ctx, "Admin");
  if (language === "fr") await t.ctx.pool.query("UPDATE users SET language = 'fr' WHERE id = $1", [person.id]);
  const mail = nextMail(t, person.email);
  const response = await forgot(person.email);
  expect(response.statusCode).toBe(200);
  return { person, response, mail: await mail, code: codeIn(await mail) };
}

async function resetToken(email: string, code: string) {
  const response = await verify(email, code);
  expect(response.statusCode).toBe(200);
  return response.json().data.resetToken as string;
}

describe("POST /api/auth/forgot-password", () => {
  it("e-mails a code that expires in 10 minutes, in the person's language", async () => {
    const { response, mail, code } = await askedForCode("fr");
    const expiresIn = Date.parse(response.json().data.codeExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(595_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    expect(code).toMatch(/^\d{6}$/);
    expect(textOf(mail)).toContain(`Votre code de vérification est : ${code}`);
  });

  it("keeps the code out of the subject line, which lock screens show (both languages)", async () => {
    for (const language of ["en", "fr"] as const) {
      const { mail, code } = await askedForCode(language);
      expect(subjectOf(mail)).not.toContain(code);
      expect(subjectOf(mail)).not.toMatch(/\d{6}/);
    }
  });

  it("answers an unknown e-mail the same way and sends nothing", async () => {
    const known = await askedForCode();
    const nobody = uniqueEmail();
    const unknown = await forgot(nobody);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.response.json().data));
    expect(Date.parse(unknown.json().data.codeExpiresAt) - Date.now()).toBeGreaterThan(595_000);
    expect(await queuedMails(t.ctx, nobody)).toBe(0);
  });

  it("sends nothing to an account that cannot reset (invited, disabled)", async () => {
    const { enterprise } = await createEnterprise(t.ctx);
    for (const status of ["invited", "disabled"] as const) {
      const person = await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id }, status);
      expect((await forgot(person.email)).statusCode).toBe(200);
      expect(await queuedMails(t.ctx, person.email)).toBe(0);
    }
  });

  it("validates the e-mail", async () => {
    expectFields(await forgot(""), { email: "emailRequired" });
    expectFields(await forgot("nobody@"), { email: "invalidEmail" });
  });
});

describe("POST /api/auth/verify-reset-code", () => {
  it("exchanges the right code, once, for a reset token", async () => {
    const { person, code } = await askedForCode();
    const token = await resetToken(person.email, code);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expectError(await verify(person.email, code), 400, "SECURITY_CODE_INVALID");
  });

  it("refuses a wrong code, and an unknown e-mail the same way", async () => {
    const { person, code } = await askedForCode();
    const wrong = await verify(person.email, otherCode(code));
    expect(expectError(wrong, 400, "SECURITY_CODE_INVALID").fields).toEqual({ code: "SECURITY_CODE_INVALID" });
    const unknown = await verify(uniqueEmail(), code);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("allows 5 guesses; then even the right code is refused (429)", async () => {
    const { person, code } = await askedForCode();
    for (let i = 0; i < 5; i++) expectError(await verify(person.email, otherCode(code)), 400, "SECURITY_CODE_INVALID");
    expectError(await verify(person.email, code), 429, "TOO_MANY_ATTEMPTS");
  });

  it("checks no more than 5 of many wrong codes sent together", async () => {
    const { person, code } = await askedForCode();
    // Each from its own address: the per-address request limit is not what is tested here.
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(person.email, otherCode(code))));
    const codes = answers.map((answer) => answer.json().error?.code);
    expect(codes.filter((c) => c === "SECURITY_CODE_INVALID")).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(codes.filter((c) => c === "TOO_MANY_ATTEMPTS")).toHaveLength(20 - MAX_CODE_ATTEMPTS);
    expectError(await verify(person.email, code), 429, "TOO_MANY_ATTEMPTS");
  });

  it("refuses an expired code", async () => {
    const { person, code } = await askedForCode();
    await t.ctx.pool.query("UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      person.id,
    ]);
    expectError(await verify(person.email, code), 400, "SECURITY_CODE_EXPIRED");
  });

  it("only takes the newest code", async () => {
    const { person, code: first } = await askedForCode();
    const mail = nextMail(t, person.email);
    await forgot(person.email);
    const second = codeIn(await mail);
    if (second !== first) expectError(await verify(person.email, first), 400, "SECURITY_CODE_INVALID");
    await resetToken(person.email, second);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, once; the old one fails and every session ends", async () => {
    const { person, code } = await askedForCode();
    const { refreshCookie } = await signIn(t.app, person.email);
    const token = await resetToken(person.email, code);
    expect((await reset(token)).statusCode).toBe(204);

    expectError(await signInCall(person.email, PASSWORD), 401, "INVALID_CREDENTIALS");
    expect((await signInCall(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await refreshCall(t.app, refreshCookie, person.email, t.ctx.config.publicUrl), 401, "REFRESH_FAILED");

    expectError(await reset(token, "Yet-another-pass-3"), 400, "SECURITY_CODE_EXPIRED");
    expectError(await signInCall(person.email, "Yet-another-pass-3"), 401, "INVALID_CREDENTIALS");
  });

  it("refuses a made-up token, and a token whose code has expired", async () => {
    expectError(await reset("made-up-reset-token"), 400, "SECURITY_CODE_EXPIRED");
    const { person, code } = await askedForCode();
    const token = await resetToken(person.email, code);
    await t.ctx.pool.query("UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      person.id,
    ]);
    expectError(await reset(token), 400, "SECURITY_CODE_EXPIRED");
    expect((await signInCall(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it("checks the new password", async () => {
    expectFields(await reset("some-token", ""), { password: "passwordRequired" });
    expectFields(await reset("some-token", "short7"), { password: "passwordMin8" });
    expectFields(await post(t.app, "/api/auth/reset-password", { password: NEW_PASSWORD }), {
      resetToken: "invalidValue",
    });
  });

  it("never logs the passwords, the code or the reset token", async () => {
    const { person, code } = await askedForCode();
    await verify(person.email, otherCode(code));
    const token = await resetToken(person.email, code);
    await reset(token, "Logged-never-99");
    expect(linesLeaking(t, [code, otherCode(code), token, "Logged-never-99"])).toEqual([]);
  });
});
