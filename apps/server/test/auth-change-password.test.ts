import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linesLeaking, NEW_PASSWORD } from "./helpers/accounts";
import { createUser, PASSWORD, signIn } from "./helpers/factories";
import { expectError, expectFields, post, refreshCall, refreshCookieOf } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string | undefined, body: unknown) =>
  post(t.app, "/api/auth/change-password", body, token ? { token } : {});
const signInCall = (email: string, password: string) => post(t.app, "/api/auth/sign-in", { email, password });
const refresh = (cookie: string, email: string) => refreshCall(t.app, cookie, email, t.ctx.config.publicUrl);

describe("POST /api/auth/change-password", () => {
  it("needs a signed-in caller", async () => {
    expectError(await change(undefined, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD }), 401, "UNAUTHENTICATED");
  });

  it("refuses a wrong old password, naming the field, and changes nothing", async () => {
    const person = await createUser(t.ctx, "Admin");
    const { token } = await signIn(t.app, person.email);
    const response = await change(token, { oldPassword: "Not-my-password-1", newPassword: NEW_PASSWORD });
    expect(expectError(response, 400, "OLD_PASSWORD_INVALID").fields).toEqual({ oldPassword: "OLD_PASSWORD_INVALID" });
    expect((await signInCall(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it("changes the password: other sessions end, this one gets a fresh cookie that works", async () => {
    const person = await createUser(t.ctx, "Admin");
    const here = await signIn(t.app, person.email);
    const elsewhere = await signIn(t.app, person.email);

    const response = await change(here.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
    const fresh = refreshCookieOf(response);
    expect(fresh).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(fresh!.value).not.toBe(here.refreshCookie);

    expectError(await signInCall(person.email, PASSWORD), 401, "INVALID_CREDENTIALS");
    expect((await signInCall(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await refresh(elsewhere.refreshCookie, person.email), 401, "REFRESH_FAILED");
    expectError(await refresh(here.refreshCookie, person.email), 401, "REFRESH_FAILED");
    expect((await refresh(fresh!.value, person.email)).statusCode).toBe(200);
  });

  it("stops honouring access tokens issued before the change (theirs and other devices')", async () => {
    const person = await createUser(t.ctx, "Admin");
    const before = await signIn(t.app, person.email);
    // Token times have one-second resolution: let the change happen in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await change(before.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    const me = (token: string) =>
      t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expectError(await me(before.token), 401, "UNAUTHENTICATED");
    const after = await signIn(t.app, person.email, NEW_PASSWORD);
    expect((await me(after.token)).statusCode).toBe(200);
  });

  it("validates the form", async () => {
    const person = await createUser(t.ctx, "Admin");
    const { token } = await signIn(t.app, person.email);
    expectFields(await change(token, { oldPassword: "", newPassword: "" }), {
      oldPassword: "passwordRequired",
      newPassword: "newPasswordRequired",
    });
    expectFields(await change(token, { oldPassword: PASSWORD, newPassword: "short" }), { newPassword: "passwordMin8" });
    expectFields(await change(token, { oldPassword: PASSWORD }), { newPassword: "newPasswordRequired" });
    expect((await signInCall(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it("never logs the old or the new password", async () => {
    const person = await createUser(t.ctx, "Admin");
    const { token } = await signIn(t.app, person.email);
    await change(token, { oldPassword: "Wrong-old-pass-4", newPassword: "New-secret-pass-4" });
    await change(token, { oldPassword: PASSWORD, newPassword: "New-secret-pass-5" });
    expect(linesLeaking(t, [PASSWORD, "Wrong-old-pass-4", "New-secret-pass-4", "New-secret-pass-5"])).toEqual([]);
  });
});
