import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_KINDS } from "../src/modules/mail/mail-allowance";
import { queuedMails, signUpWithCode, uniqueEmail } from "./helpers/accounts";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, post } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// How many e-mails a route may cause (docs/decisions.md): per recipient address and kind, per signed-in account,
// per client address on the public routes — counted in the database, refused with 429 TOO_MANY_EMAILS.

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
});
afterAll(() => t.close());

/** A manager invited through the API by `by` (its invitation is the first mail of its allowance). */
async function invitedManager(by: TPerson = tenant.enterpriseUser): Promise<TPerson> {
  const email = uniqueEmail("invitee");
  const response = await t.as(by).post("/api/managers", {
    role: "Responsible",
    divisionId: tenant.division.id,
    name: "Paula Verifier",
    email,
    phone: "+33 6 11 22 33 44",
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json().data, enterpriseId: tenant.enterprise.id, divisionId: tenant.division.id };
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

/** A 429 in the error shape, with a Retry-After within the hour and the minutes to wait in its details. */
function expectMailRefusal(response: LightMyRequestResponse) {
  expectError(response, 429, "TOO_MANY_EMAILS");
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(3600);
  expect(response.json().error.details).toEqual({ minutes: Math.ceil(seconds / 60) });
}

describe("e-mail allowances", () => {
  it("resend-invitation sent 12 times at once mails the allowed number, then answers 429", async () => {
    const person = await invitedManager();
    const me = t.as(tenant.enterpriseUser);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => me.post(`/api/managers/${person.id}/resend-invitation`, undefined)),
    );
    // The creation's invitation was the first of the address's allowance.
    const allowed = MAIL_KINDS.invitation - 1;
    expect(statuses(responses)).toEqual([...Array(allowed).fill(200), ...Array(12 - allowed).fill(429)]);
    for (const refused of responses.filter((r) => r.statusCode === 429)) expectMailRefusal(refused);
    expect(await queuedMails(t.ctx, person.email)).toBe(MAIL_KINDS.invitation);
  });

  it("counts an address's mails whoever sends them, and each sender apart", async () => {
    const person = await invitedManager(tenant.enterpriseUser);
    const resend = (by: TPerson) => t.as(by).post(`/api/managers/${person.id}/resend-invitation`, undefined);
    for (let i = 1; i < MAIL_KINDS.invitation; i++) {
      const by = i % 2 ? tenant.superResponsible : tenant.enterpriseUser;
      expect((await resend(by)).statusCode).toBe(200);
    }
    // A third account, which has sent nothing, is refused for this address…
    const thirdSender = await createUser(t.ctx, "SuperResponsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    expectMailRefusal(await resend(thirdSender));
    expect(await queuedMails(t.ctx, person.email)).toBe(MAIL_KINDS.invitation);
    // …and may still invite someone else.
    await invitedManager(thirdSender);
  });

  it("limits the mails one signed-in account causes, to any addresses (MAIL_LIMIT_PER_ACCOUNT_PER_HOUR)", async () => {
    const tight = await createTestApp({ mailLimits: { perAccountPerHour: 3, perAddressPerHour: 20 } });
    try {
      const own = await createTenant(tight.ctx);
      const create = () =>
        tight.as(own.enterpriseUser).post("/api/managers", {
          role: "Responsible",
          divisionId: own.division.id,
          name: "Paula Verifier",
          email: uniqueEmail("bulk"),
          phone: "+33 6 11 22 33 44",
        });
      for (let i = 0; i < 3; i++) expect((await create()).statusCode).toBe(201);
      const refused = await create();
      expectMailRefusal(refused);
      // Refused, the invitation's account is not created either (it exists if and only if its mail is queued).
      const { rows } = await tight.ctx.pool.query("SELECT count(*)::int AS n FROM users WHERE status = 'invited'");
      expect(rows[0].n).toBe(3);
    } finally {
      await tight.close();
    }
  });

  it("counts a creation refused for a taken address against the account too: probing addresses is bounded", async () => {
    const tight = await createTestApp({ mailLimits: { perAccountPerHour: 3, perAddressPerHour: 20 } });
    try {
      const own = await createTenant(tight.ctx);
      const taken = await createUser(tight.ctx, "Admin");
      const create = (email: string) =>
        tight.as(own.supplierUser).post("/api/employees", { name: "Paula Probe", email, phone: null });
      for (let i = 0; i < 3; i++) expectError(await create(taken.email), 409, "EMAIL_EXISTS");
      // The account has spent its hour: a taken address and a free one are refused alike.
      expectMailRefusal(await create(taken.email));
      expectMailRefusal(await create(uniqueEmail("free")));
    } finally {
      await tight.close();
    }
  });

  it("limits the code mails asked from one client address across the public routes (MAIL_LIMIT_PER_ADDRESS_PER_HOUR)", async () => {
    const ip = "203.0.113.7";
    const known = await createUser(t.ctx, "Supplier", { supplierId: tenant.supplier.id });
    const limit = t.ctx.config.mailLimits.perAddressPerHour;
    // Known and unknown addresses, reset codes and confirmation codes: each counts the same.
    for (let i = 0; i < limit; i++) {
      const route = i % 2 ? "/api/auth/forgot-password" : "/api/auth/resend-confirmation";
      const email = i === 0 ? known.email : uniqueEmail("stranger");
      expect((await post(t.app, route, { email }, { ip })).statusCode).toBe(200);
    }
    expectMailRefusal(await post(t.app, "/api/auth/forgot-password", { email: uniqueEmail("stranger") }, { ip }));
    expectMailRefusal(await post(t.app, "/api/auth/resend-confirmation", { email: known.email }, { ip }));
    // Another address still may.
    expect(
      (await post(t.app, "/api/auth/forgot-password", { email: known.email }, { ip: "203.0.113.8" })).statusCode,
    ).toBe(200);
  });

  it("limits the codes mailed to one address from any client address, answering alike whether it has an account", async () => {
    const known = await createUser(t.ctx, "Supplier", { supplierId: tenant.supplier.id });
    const unknown = uniqueEmail("nobody");
    const ask = async (email: string) => {
      const answers: number[] = [];
      for (let i = 0; i <= MAIL_KINDS.code; i++) {
        answers.push((await post(t.app, "/api/auth/forgot-password", { email })).statusCode);
      }
      return answers;
    };
    const expected = [...Array(MAIL_KINDS.code).fill(200), 429];
    expect(await ask(known.email)).toEqual(expected);
    expect(await ask(unknown)).toEqual(expected);
    expect(await queuedMails(t.ctx, known.email)).toBe(MAIL_KINDS.code);
  });

  it("counts a credits request against the admins' addresses: asking, withdrawing and asking again is limited", async () => {
    const admin = await createUser(t.ctx, "Admin");
    const me = t.as(tenant.enterpriseUser);
    for (let i = 0; i < MAIL_KINDS.notice; i++) {
      const asked = await me.post("/api/credits/demands", { quantity: 5, note: "" });
      expect(asked.statusCode, asked.body).toBe(201);
      expect((await me.post(`/api/credits/demands/${asked.json().data.id}/cancel`, undefined)).statusCode).toBe(200);
    }
    expectMailRefusal(await me.post("/api/credits/demands", { quantity: 5, note: "" }));
    // Refused, the request is not recorded either.
    expect((await me.get("/api/credits/demands")).json().total).toBe(MAIL_KINDS.notice);
    expect(await queuedMails(t.ctx, admin.email)).toBe(MAIL_KINDS.notice);
  });

  it("counts a sign-up's code against the address, so resending it is limited too", async () => {
    const { email } = await signUpWithCode(t);
    for (let i = 1; i < MAIL_KINDS.code; i++) {
      expect((await post(t.app, "/api/auth/resend-confirmation", { email })).statusCode).toBe(200);
    }
    expectMailRefusal(await post(t.app, "/api/auth/resend-confirmation", { email }));
    expect(await queuedMails(t.ctx, email)).toBe(MAIL_KINDS.code);
  });
});
