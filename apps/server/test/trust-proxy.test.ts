import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { SIGN_IN_ADDRESS_MAX_FAILURES } from "../src/modules/auth/sign-in-limits";
import { uniqueEmail } from "./helpers/accounts";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/*
 * Whose address the server takes a request to come from, as TRUST_PROXY says (docs/decisions.md, "Which proxies'
 * X-Forwarded-For is believed"). Seen through a real route: a failed sign-in records its client address in
 * auth_attempts and in the audit trail, and the per-address sign-in limit counts by it.
 */

/** The app as it runs with this TRUST_PROXY value (parsed by the real configuration). */
const appTrusting = (value: string | undefined) =>
  createTestApp({ trustProxy: loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy });

const apps: TTestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
let unset: TTestApp;
let oneHop: TTestApp;
let listed: TTestApp;
beforeAll(async () => {
  [unset, oneHop, listed] = await Promise.all([
    appTrusting(undefined),
    appTrusting("1"),
    appTrusting("10.9.0.0/16, 192.0.2.10"),
  ]);
  apps.push(unset, oneHop, listed);
});

/** A wrong sign-in arriving on a socket from `from`, with the X-Forwarded-For given (if any). */
const wrongSignIn = (t: TTestApp, email: string, from: string, forwardedFor?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    remoteAddress: from,
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    payload: JSON.stringify({ email, password: "Wrong-password-1" }),
  });

/** The client address a failed sign-in was recorded with: in auth_attempts and in the audit trail (they agree). */
async function recordedAddress(t: TTestApp, email: string, from: string, forwardedFor?: string): Promise<string> {
  expect((await wrongSignIn(t, email, from, forwardedFor)).statusCode).toBe(401);
  const attempt = await t.ctx.pool.query<{ ip: string }>("SELECT ip FROM auth_attempts WHERE email = $1", [email]);
  const audit = await t.ctx.pool.query<{ ip: string }>(
    "SELECT ip FROM audit_log WHERE action = 'auth.signInFailed' AND actor_label = $1",
    [email],
  );
  expect(attempt.rows.map((r) => r.ip)).toEqual(audit.rows.map((r) => r.ip));
  expect(attempt.rows).toHaveLength(1);
  return attempt.rows[0]!.ip;
}

describe("TRUST_PROXY unset: no proxy is trusted", () => {
  it("takes the socket's address and ignores X-Forwarded-For", async () => {
    expect(await recordedAddress(unset, uniqueEmail(), "192.0.2.44", "203.0.113.9")).toBe("192.0.2.44");
  });
});

describe("TRUST_PROXY=1: one reverse proxy in front", () => {
  it("takes the address the proxy added (the right-most), not what the client wrote to its left", async () => {
    expect(await recordedAddress(oneHop, uniqueEmail(), "10.9.0.1", "203.0.113.9, 198.51.100.4")).toBe("198.51.100.4");
    expect(await recordedAddress(oneHop, uniqueEmail(), "10.9.0.1", "198.51.100.4")).toBe("198.51.100.4");
  });

  it("refuses the sprayer who rotates X-Forwarded-For: the per-address sign-in limit counts the real client", async () => {
    const client = "198.51.100.77";
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_ADDRESS_MAX_FAILURES + 10 }, (_, i) =>
        wrongSignIn(oneHop, uniqueEmail(), "10.9.0.1", `203.0.113.${i + 1}, ${client}`),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(SIGN_IN_ADDRESS_MAX_FAILURES);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    const recorded = await oneHop.ctx.pool.query<{ ip: string }>(
      "SELECT DISTINCT ip FROM audit_log WHERE action LIKE 'auth.signIn%' AND ip LIKE '203.0.113.%'",
    );
    expect(recorded.rows).toEqual([]);
  });
});

describe("TRUST_PROXY=10.9.0.0/16, 192.0.2.10: only the listed proxies", () => {
  it("honours X-Forwarded-For from a listed proxy, walking back through listed ones only", async () => {
    expect(await recordedAddress(listed, uniqueEmail(), "10.9.0.1", "203.0.113.9, 198.51.100.4")).toBe("198.51.100.4");
    expect(await recordedAddress(listed, uniqueEmail(), "192.0.2.10", "198.51.100.5")).toBe("198.51.100.5");
    // Two listed proxies in a row (a load balancer, then nginx): the first address no listed proxy owns is the client.
    expect(await recordedAddress(listed, uniqueEmail(), "10.9.0.1", "203.0.113.9, 198.51.100.6, 10.9.0.2")).toBe(
      "198.51.100.6",
    );
  });

  it("ignores X-Forwarded-For from anyone else: the socket's address is the client", async () => {
    expect(await recordedAddress(listed, uniqueEmail(), "192.0.2.44", "198.51.100.4")).toBe("192.0.2.44");
    expect(await recordedAddress(listed, uniqueEmail(), "10.10.0.1", "198.51.100.4")).toBe("10.10.0.1");
  });
});
