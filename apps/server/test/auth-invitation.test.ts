import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendInvitation } from "../src/modules/auth/accounts.service";
import { linesLeaking, NEW_PASSWORD, nextMail } from "./helpers/accounts";
import { createEnterprise, createSupplierCompany, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, post } from "./helpers/http";
import { linkTokenIn, textOf } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (token: string) => post(t.app, "/api/auth/invitation", { token });
const complete = (body: Record<string, unknown>) => post(t.app, "/api/auth/complete-account", body);
const signInCall = (email: string, password: string) => post(t.app, "/api/auth/sign-in", { email, password });

/** Mails an invitation through the service and reads its link back from the outbox. */
async function invite(person: TPerson) {
  const mail = nextMail(t, person.email);
  await sendInvitation(t.ctx, person.id, { id: randomUUID(), name: "Inviter" });
  const received = await mail;
  return { token: linkTokenIn(received), raw: textOf(received) };
}

async function invitedResponsible() {
  const { enterprise, division } = await createEnterprise(t.ctx);
  const person = await createUser(
    t.ctx,
    "Responsible",
    { enterpriseId: enterprise.id, divisionId: division.id },
    "invited",
  );
  return { person, enterprise };
}

describe("invitations: POST /api/auth/invitation and /complete-account", () => {
  it("shows what the link is for, then sets the password; the person can sign in", async () => {
    const { person, enterprise } = await invitedResponsible();
    const { token, raw } = await invite(person);
    expect(raw).toContain(`${t.ctx.config.publicUrl}/auth/Complete-Account?token=`);
    expect(raw).toContain("Inviter");

    const shown = await info(token);
    expect(shown.statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query("SELECT name, phone FROM users WHERE id = $1", [person.id]);
    expect(shown.json()).toEqual({
      data: {
        email: person.email,
        name: rows[0].name,
        phone: rows[0].phone,
        role: "Responsible",
        companyName: enterprise.name,
      },
    });

    expectError(await signInCall(person.email, NEW_PASSWORD), 401, "INVALID_CREDENTIALS");
    const done = await complete({ token, password: NEW_PASSWORD, name: "Paul Durand", phone: "06 11 22 33 44" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { email: person.email } });
    expect((await signInCall(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    const after = await t.ctx.pool.query("SELECT name, phone, status FROM users WHERE id = $1", [person.id]);
    expect(after.rows[0]).toEqual({ name: "Paul Durand", phone: "06 11 22 33 44", status: "active" });
  });

  it("sends an invited supplier to complete/supplier and lets it name its company", async () => {
    const supplier = await createSupplierCompany(t.ctx);
    const person = await createUser(t.ctx, "Supplier", { supplierId: supplier.id }, "invited");
    const { token, raw } = await invite(person);
    expect(raw).toContain("/auth/complete/supplier?token=");
    expect((await info(token)).json().data).toMatchObject({ role: "Supplier", companyName: supplier.name });
    expect((await complete({ token, password: NEW_PASSWORD, companyName: "Renamed Ltd" })).statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query("SELECT name, status FROM suppliers WHERE id = $1", [supplier.id]);
    expect(rows[0]).toEqual({ name: "Renamed Ltd", status: "active" });
  });

  it("works once: a used link is invalid", async () => {
    const { person } = await invitedResponsible();
    const { token } = await invite(person);
    expect((await complete({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectError(await info(token), 400, "INVITATION_INVALID");
    expectError(await complete({ token, password: "Other-password-8" }), 400, "INVITATION_INVALID");
    expectError(await signInCall(person.email, "Other-password-8"), 401, "INVALID_CREDENTIALS");
  });

  it("refuses an expired link and a made-up one", async () => {
    const { person } = await invitedResponsible();
    const { token } = await invite(person);
    await t.ctx.pool.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      person.id,
    ]);
    expectError(await info(token), 400, "INVITATION_INVALID");
    expectError(await complete({ token, password: NEW_PASSWORD }), 400, "INVITATION_INVALID");
    expectError(await info("made-up-invitation-token"), 400, "INVITATION_INVALID");
    expectError(await complete({ token: "made-up", password: NEW_PASSWORD }), 400, "INVITATION_INVALID");
  });

  it("replaces an earlier link when the person is invited again", async () => {
    const { person } = await invitedResponsible();
    const first = await invite(person);
    const second = await invite(person);
    expectError(await info(first.token), 400, "INVITATION_INVALID");
    expect((await info(second.token)).statusCode).toBe(200);
  });

  it("lets exactly one of several simultaneous completions through", async () => {
    const { person } = await invitedResponsible();
    const { token } = await invite(person);
    const passwords = ["First-password-1", "Second-password-2", "Third-password-3"];
    const answers = await Promise.all(passwords.map((password) => complete({ token, password })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) {
      expect(refused.json().error.code).toBe("INVITATION_INVALID");
    }
    const winner = passwords[answers.findIndex((r) => r.statusCode === 200)]!;
    expect((await signInCall(person.email, winner)).statusCode).toBe(200);
  });

  it("validates the form", async () => {
    expectFields(await complete({ token: "x", password: "short" }), { password: "passwordMin8" });
    expectFields(await complete({ token: "x", password: NEW_PASSWORD, name: "A", phone: "phone" }), {
      name: "min2",
      phone: "invalidNumberFormat",
    });
    expectFields(await complete({ password: NEW_PASSWORD }), { token: "invalidValue" });
    expectFields(await info(""), { token: "invalidValue" });
  });

  it("never logs the link's token or the password outside the outbox line", async () => {
    const { person } = await invitedResponsible();
    const { token } = await invite(person);
    await info(token);
    await complete({ token, password: "Never-logged-77" });
    expect(linesLeaking(t, [token, "Never-logged-77"])).toEqual([]);
  });
});
