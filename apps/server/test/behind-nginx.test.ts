import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { SIGN_IN_PAIR_MAX_FAILURES } from "../src/modules/auth/sign-in-limits";
import { uniqueEmail } from "./helpers/accounts";
import { createUser } from "./helpers/factories";
import { NGINX, startNginx, type TNginx } from "./helpers/nginx";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/*
 * The server behind a real reverse proxy: Debian's nginx, configured as the README says, in front of the app on a
 * real port (docs/decisions.md, "Which proxies' X-Forwarded-For is believed"). The client connects from 127.0.0.5
 * (any 127.x address is this machine), nginx from 127.0.0.1: what the app took for the client's address is read in
 * the sign-in attempts and the audit trail of failed sign-ins. CI must have nginx (.ci/run installs it); only a
 * machine outside CI may skip.
 */
const CLIENT = "127.0.0.5";
const haveNginx = fs.existsSync(NGINX);

describe.skipIf(!haveNginx && !process.env.CI)("behind nginx", () => {
  let oneHop: TTestApp;
  let listed: TTestApp;
  let nginx: TNginx | undefined;
  /** Each app's base URL through nginx, and direct. */
  const through: Record<"oneHop" | "listed", string> = { oneHop: "", listed: "" };
  let listedDirect = "";

  beforeAll(async () => {
    expect(haveNginx, `${NGINX} is missing: apt-get install nginx`).toBe(true);
    const trusting = (value: string) => createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy });
    [oneHop, listed] = await Promise.all([trusting("1"), trusting("127.0.0.1")]);
    const [oneHopUrl, listedUrl] = await Promise.all(
      [oneHop, listed].map((t) => t.app.listen({ port: 0, host: "127.0.0.1" })),
    );
    listedDirect = listedUrl!;
    nginx = await startNginx([oneHopUrl!, listedUrl!]);
    through.oneHop = `http://127.0.0.1:${nginx.ports[0]}`;
    through.listed = `http://127.0.0.1:${nginx.ports[1]}`;
  });
  // nginx first, and whatever a test did: no nginx outlives the file.
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([oneHop, listed].filter(Boolean).map((t) => t.close()));
  });

  /** A wrong sign-in over a real connection from CLIENT, claiming to come from `spoofed`; its status. */
  const wrongSignIn = (base: string, email: string, spoofed: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email, password: "Wrong-password-1" });
      const request = http.request(
        `${base}/api/auth/sign-in`,
        {
          method: "POST",
          localAddress: CLIENT,
          headers: { "content-type": "application/json", "x-forwarded-for": spoofed },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  /** The addresses the app recorded for an e-mail's sign-in attempts, and in the audit trail of its failures. */
  const recorded = async (t: TTestApp, email: string) => ({
    attempts: (
      await t.ctx.pool.query<{ ip: string }>("SELECT ip FROM auth_attempts WHERE email = $1 ORDER BY created_at", [
        email,
      ])
    ).rows.map((r) => r.ip),
    audit: (
      await t.ctx.pool.query<{ ip: string }>(
        "SELECT ip FROM audit_log WHERE action = 'auth.signInFailed' AND actor_label = $1 ORDER BY seq",
        [email],
      )
    ).rows.map((r) => r.ip),
  });

  it("TRUST_PROXY=1: the app records the address nginx saw, not the X-Forwarded-For the client wrote", async () => {
    const email = uniqueEmail();
    expect(await wrongSignIn(through.oneHop, email, "203.0.113.9")).toBe(401);
    expect(await recorded(oneHop, email)).toEqual({ attempts: [CLIENT], audit: [CLIENT] });
  });

  it("TRUST_PROXY=127.0.0.1: the same through nginx; straight to the app, the spoofed header is ignored", async () => {
    const viaNginx = uniqueEmail();
    expect(await wrongSignIn(through.listed, viaNginx, "203.0.113.9")).toBe(401);
    expect(await recorded(listed, viaNginx)).toEqual({ attempts: [CLIENT], audit: [CLIENT] });
    const direct = uniqueEmail();
    expect(await wrongSignIn(listedDirect, direct, "203.0.113.9")).toBe(401);
    expect(await recorded(listed, direct)).toEqual({ attempts: [CLIENT], audit: [CLIENT] });
  });

  it("a guesser rotating X-Forwarded-For through nginx is still one address: the sign-in limit refuses it", async () => {
    const person = await createUser(oneHop.ctx, "Admin");
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_PAIR_MAX_FAILURES + 1; i++) {
      statuses.push(await wrongSignIn(through.oneHop, person.email, `203.0.113.${i}`));
    }
    expect(statuses).toEqual([...Array(SIGN_IN_PAIR_MAX_FAILURES).fill(401), 429]);
  });
});
