import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, PASSWORD, signIn } from "./helpers/factories";
import { claimsOf, expectError, get, post, refreshCall, refreshCookieOf } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = t.ctx.config.publicUrl;
});
afterAll(() => t.close());

const refresh = (cookie: string | undefined, email: string, from = origin) => refreshCall(t.app, cookie, email, from);

/** Refreshes and returns the next cookie (the test fails unless the refresh succeeds). */
async function rotate(cookie: string, email: string) {
  const response = await refresh(cookie, email);
  expect(response.statusCode).toBe(200);
  return refreshCookieOf(response)!.value;
}

async function signedIn() {
  const person = await createUser(t.ctx, "Admin");
  return { person, ...(await signIn(t.app, person.email)) };
}

const cleared = (response: Awaited<ReturnType<typeof refresh>>) => {
  const cookie = refreshCookieOf(response);
  return cookie?.value === "" && cookie.expires!.getTime() <= Date.now();
};

describe("POST /api/auth/refresh-token", () => {
  it("exchanges the cookie for a new access token and a new cookie", async () => {
    expect(origin).toBe("http://localhost:3000");
    const { person, refreshCookie } = await signedIn();
    const response = await refresh(refreshCookie, person.email);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(typeof data).toBe("string");
    expect(claimsOf(data)).toMatchObject({ email: person.email, role: "Admin", certserialnumber: person.id });
    const next = refreshCookieOf(response);
    expect(next).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(next!.value).not.toBe(refreshCookie);
    const me = await get(t.app, "/api/auth/me", { token: data });
    expect(me.json().data.id).toBe(person.id);
  });

  it("keeps the family's absolute end: rotation does not extend the session", async () => {
    const { person, refreshCookie } = await signedIn();
    const { rows } = await t.ctx.pool.query("SELECT expires_at FROM refresh_tokens WHERE user_id = $1", [person.id]);
    const response = await refresh(refreshCookie, person.email);
    expect(refreshCookieOf(response)!.expires!.getTime()).toBe(Math.floor(rows[0].expires_at.getTime() / 1000) * 1000);
  });

  it("revokes the whole family when a used cookie comes back; other sign-ins are unaffected", async () => {
    const { person, refreshCookie: first } = await signedIn();
    const { refreshCookie: otherDevice } = await signIn(t.app, person.email);
    const second = await rotate(first, person.email);
    const third = await rotate(second, person.email);

    const replay = await refresh(first, person.email);
    expectError(replay, 401, "REFRESH_FAILED");
    expect(cleared(replay)).toBe(true);
    expectError(await refresh(third, person.email), 401, "REFRESH_FAILED");

    await rotate(otherDevice, person.email);
  });

  it("lets one of two simultaneous refreshes with one cookie through, then treats it as a replay", async () => {
    const { person, refreshCookie } = await signedIn();
    const answers = await Promise.all([refresh(refreshCookie, person.email), refresh(refreshCookie, person.email)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = refreshCookieOf(answers.find((r) => r.statusCode === 200)!)!.value;
    expectError(await refresh(winner, person.email), 401, "REFRESH_FAILED");
  });

  it("refuses a foreign origin or none (403), before touching the session", async () => {
    const { person, refreshCookie } = await signedIn();
    expectError(await refresh(refreshCookie, person.email, "https://evil.example"), 403, "ORIGIN_REFUSED");
    expectError(
      await refresh(refreshCookie, person.email, "http://localhost:3000.evil.example"),
      403,
      "ORIGIN_REFUSED",
    );
    expectError(await refresh(refreshCookie, person.email, "null"), 403, "ORIGIN_REFUSED");
    expectError(await refreshCall(t.app, refreshCookie, person.email), 403, "ORIGIN_REFUSED");
    await rotate(refreshCookie, person.email);
  });

  it("refuses what a cross-site form could send: anything but JSON (415)", async () => {
    const { person, refreshCookie } = await signedIn();
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        headers: { "content-type": type, origin },
        cookies: { op_refresh: refreshCookie },
        payload: `email=${encodeURIComponent(person.email)}`,
      });
      expectError(response, 415, "UNSUPPORTED_MEDIA_TYPE");
    }
    await rotate(refreshCookie, person.email);
  });

  it("refuses a missing or unknown cookie", async () => {
    const { person } = await signedIn();
    expectError(await refresh(undefined, person.email), 401, "REFRESH_FAILED");
    expectError(await refresh("made-up-cookie-value", person.email), 401, "REFRESH_FAILED");
  });

  it("refuses an e-mail that is not the session's, and revokes the family", async () => {
    const { person, refreshCookie } = await signedIn();
    const other = await createUser(t.ctx, "Admin");
    expectError(await refresh(refreshCookie, other.email), 401, "REFRESH_FAILED");
    const next = await refresh(refreshCookie, person.email);
    expectError(next, 401, "REFRESH_FAILED");
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS live FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL",
      [person.id],
    );
    expect(rows[0].live).toBe(0);
  });

  it("accepts the session's e-mail in another case", async () => {
    const { person, refreshCookie } = await signedIn();
    await rotate(refreshCookie, person.email.toUpperCase());
  });

  it("ends a family after its 30 days", async () => {
    const { person, refreshCookie } = await signedIn();
    await t.ctx.pool.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      person.id,
    ]);
    expectError(await refresh(refreshCookie, person.email), 401, "REFRESH_FAILED");
  });

  it("refuses a person who was disabled, or whose company was", async () => {
    const { person, refreshCookie } = await signedIn();
    await t.ctx.pool.query("UPDATE users SET status = 'disabled' WHERE id = $1", [person.id]);
    expectError(await refresh(refreshCookie, person.email), 401, "REFRESH_FAILED");

    const tenant = await createTenant(t.ctx);
    const employee = await signIn(t.app, tenant.employee.email);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [tenant.supplier.id]);
    expectError(await refresh(employee.refreshCookie, tenant.employee.email), 401, "REFRESH_FAILED");
  });
});

describe("POST /api/auth/sign-out", () => {
  it("revokes the family and clears the cookie; other sign-ins go on", async () => {
    const { person, refreshCookie } = await signedIn();
    const { refreshCookie: otherDevice } = await signIn(t.app, person.email, PASSWORD);
    const current = await rotate(refreshCookie, person.email);
    const response = await post(t.app, "/api/auth/sign-out", undefined, { cookie: current });
    expect(response.statusCode).toBe(204);
    expect(cleared(response)).toBe(true);
    expect(refreshCookieOf(response)).toMatchObject({ path: "/api/auth", httpOnly: true });
    expectError(await refresh(current, person.email), 401, "REFRESH_FAILED");
    await rotate(otherDevice, person.email);
  });

  it("ends the session's access tokens at once, a refreshed one too; other sign-ins go on", async () => {
    const { person, token, refreshCookie } = await signedIn();
    const other = await signIn(t.app, person.email, PASSWORD);
    const me = (accessToken: string) => get(t.app, "/api/auth/me", { token: accessToken });
    expect((await me(token)).statusCode).toBe(200);
    const refreshed = await refresh(refreshCookie, person.email);
    const newer = refreshed.json().data as string;
    expect(claimsOf(newer).sid).toBe(claimsOf(token).sid);
    const response = await post(t.app, "/api/auth/sign-out", undefined, { cookie: refreshCookieOf(refreshed)!.value });
    expect(response.statusCode).toBe(204);
    expectError(await me(token), 401, "UNAUTHENTICATED");
    expectError(await me(newer), 401, "UNAUTHENTICATED");
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it("ends the session its access token names when the cookie is missing", async () => {
    const { token } = await signedIn();
    expect((await post(t.app, "/api/auth/sign-out", undefined, { token })).statusCode).toBe(204);
    expectError(await get(t.app, "/api/auth/me", { token }), 401, "UNAUTHENTICATED");
  });

  it("ends the session's access tokens when a replayed refresh token revokes it", async () => {
    const { person, token, refreshCookie } = await signedIn();
    await rotate(refreshCookie, person.email);
    expectError(await refresh(refreshCookie, person.email), 401, "REFRESH_FAILED");
    expectError(await get(t.app, "/api/auth/me", { token }), 401, "UNAUTHENTICATED");
  });

  it("answers 204 without a cookie too", async () => {
    const response = await post(t.app, "/api/auth/sign-out");
    expect(response.statusCode).toBe(204);
  });
});
