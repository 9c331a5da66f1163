import { notificationKindsOf, type TRole } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schedulerNotices } from "../src/modules/notifications";
import { runPermitScheduler } from "../src/modules/permit-scheduler";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields, get, put } from "./helpers/http";
import { actionBody, completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;

const URL = "/api/me/notification-preferences";
const preferencesOf = async (person: TPerson) => {
  const response = await t.as(person).get(URL);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.kinds as { kind: string; email: boolean }[];
};
const emailOf = (kinds: { kind: string; email: boolean }[]) => Object.fromEntries(kinds.map((k) => [k.kind, k.email]));

async function step(id: string, action: string, person: TPerson, remark?: string) {
  const response = await t
    .as(person)
    .post(`/api/permits/${id}/${action}`, actionBody(action, remark === undefined ? {} : { remark }));
  expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
}

async function sentPermit(): Promise<string> {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  await step(id, "send", w.employee);
  return id;
}

/** The e-mails queued for `to` that name the permit (queued in the transition's transaction, so already there). */
async function queuedMails(to: string, permitId: string): Promise<number> {
  const { rows } = await t.ctx.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job
     WHERE name = 'email.send' AND data->>'to' = $1 AND data->>'text' LIKE '%' || $2 || '%'`,
    [to, permitId],
  );
  return rows[0]!.n;
}

async function inApp(userId: string, permitId: string, kind: string): Promise<number> {
  const { rows } = await t.ctx.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = $2 AND link LIKE '%/' || $3",
    [userId, kind, permitId],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

describe("reading one's e-mail preferences", () => {
  it("lists the kinds each role may receive, all by e-mail at first", async () => {
    const people: [TPerson, TRole][] = [
      [w.admin, "Admin"],
      [w.enterpriseUser, "Enterprise"],
      [w.superResponsible, "SuperResponsible"],
      [w.verifier, "Responsible"],
      [w.supplierUser, "Supplier"],
      [w.employee, "Employee"],
    ];
    for (const [person, role] of people) {
      const kinds = await preferencesOf(person);
      expect(kinds.map((k) => k.kind)).toEqual(notificationKindsOf(role));
      expect(kinds.every((k) => k.email)).toBe(true);
    }
    const kindsOf = async (person: TPerson) => (await preferencesOf(person)).map((k) => k.kind);
    // A contractor never verifies: no "sent for verification"; only a sector's managers are told of acceptances.
    expect(await kindsOf(w.supplierUser)).not.toContain("permit.sent");
    expect(await kindsOf(w.employee)).not.toContain("permit.accepted");
    expect(await kindsOf(w.verifier)).toEqual(expect.arrayContaining(["permit.sent", "permit.accepted"]));
    expect(await kindsOf(w.admin)).toEqual(["credits.requested"]);
    expect(await kindsOf(w.enterpriseUser)).toEqual(expect.arrayContaining(["credits.low", "permit.recheck"]));
  });

  it("is refused signed out", async () => {
    expectError(await get(t.app, URL), 401, "UNAUTHENTICATED");
    expectError(await put(t.app, URL, { email: { "permit.recheck": false } }), 401, "UNAUTHENTICATED");
  });
});

describe("setting one's e-mail preferences", () => {
  it("turns the named kinds off or on, keeps the others, and touches nobody else's", async () => {
    const first = await put(
      t.app,
      URL,
      { email: { "permit.recheck": false, "permit.rejected": false } },
      await t.as(w.supplierUser).call(),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(emailOf(first.json().data.kinds)).toMatchObject({
      "permit.recheck": false,
      "permit.rejected": false,
      "permit.approved": true,
    });

    const second = await put(
      t.app,
      URL,
      { email: { "permit.rejected": true, "permit.cancelled": false } },
      await t.as(w.supplierUser).call(),
    );
    expect(second.statusCode, second.body).toBe(200);
    const stored = emailOf(await preferencesOf(w.supplierUser));
    expect(stored).toMatchObject({ "permit.recheck": false, "permit.rejected": true, "permit.cancelled": false });
    expect(Object.values(stored).filter((email) => !email)).toHaveLength(2);
    const { rows } = await t.ctx.pool.query("SELECT email_muted_kinds FROM users WHERE id = $1", [w.supplierUser.id]);
    expect(rows[0].email_muted_kinds).toEqual(["permit.cancelled", "permit.recheck"]);

    // The same account's colleagues keep theirs.
    expect((await preferencesOf(w.employee)).every((k) => k.email)).toBe(true);
    expect((await preferencesOf(w.otherTenant.supplierUser)).every((k) => k.email)).toBe(true);

    // Saving the same again changes nothing; an empty change is a read.
    expect((await t.as(w.supplierUser).put(URL, { email: { "permit.cancelled": false } })).statusCode).toBe(200);
    const empty = await t.as(w.supplierUser).put(URL, { email: {} });
    expect(emailOf(empty.json().data.kinds)).toEqual(stored);
  });

  it("refuses an unknown kind, a kind the role never receives, and a malformed body", async () => {
    const supplier = t.as(w.supplierUser);
    expectFields(await supplier.put(URL, { email: { "permit.nonsense": false } }), {
      email: "invalidValue",
    });
    expectFields(await supplier.put(URL, { email: { "permit.sent": false } }), {
      "email.permit.sent": "invalidValue",
    });
    expectFields(await t.as(w.enterpriseUser).put(URL, { email: { "credits.requested": false } }), {
      "email.credits.requested": "invalidValue",
    });
    expectError(await supplier.put(URL, { email: { "permit.recheck": "no" } }), 400, "VALIDATION_FAILED");
    expectError(await supplier.put(URL, { email: ["permit.recheck"] }), 400, "VALIDATION_FAILED");
    expectError(await supplier.put(URL, {}), 400, "VALIDATION_FAILED");
    // Nothing of a refused change was kept.
    expect(emailOf(await preferencesOf(w.supplierUser))["permit.sent"]).toBeUndefined();
    expect((await preferencesOf(w.enterpriseUser)).every((k) => k.email)).toBe(true);
  });
});

describe("a muted kind", () => {
  it("still reaches the app but not the mailbox; an unmuted kind reaches both", async () => {
    // The employee mutes rechecks; its supplier account keeps them (set back on) by e-mail.
    expect((await t.as(w.employee).put(URL, { email: { "permit.recheck": false } })).statusCode).toBe(200);
    expect((await t.as(w.supplierUser).put(URL, { email: { "permit.recheck": true } })).statusCode).toBe(200);

    const id = await sentPermit();
    const recheckMail = t.mailbox.next(w.supplierUser.email);
    await step(id, "recheck", w.verifier, "Add the gas test");

    expect(await inApp(w.employee.id, id, "permit.recheck")).toBe(1);
    expect(await inApp(w.supplierUser.id, id, "permit.recheck")).toBe(1);
    expect(await queuedMails(w.supplierUser.email, id)).toBe(1);
    expect(await queuedMails(w.employee.email, id)).toBe(0);
    const mail = await recheckMail;
    expect(mail.raw).toContain("recheck");

    // The Verifier muted nothing: the next send reaches it both ways.
    await step(id, "send", w.employee);
    expect(await inApp(w.verifier.id, id, "permit.sent")).toBe(2);
    expect(await queuedMails(w.verifier.email, id)).toBe(2);
  });

  it("is skipped by the scheduler's notices too", async () => {
    expect((await t.as(w.employee).put(URL, { email: { "permit.startsSoon": false } })).statusCode).toBe(200);
    const now = new Date("2034-03-01T08:00:00Z");
    const response = await t.as(w.employee).post("/api/permits", completeDraft(w));
    const id = response.json().data.id as string;
    await putInStatus(t.ctx, id, "accepted", {
      verifiedBy: w.verifier.id,
      approvedBy: w.approver.id,
      startAt: new Date(now.getTime() + 10 * 60_000),
      endAt: new Date(now.getTime() + 480 * 60_000),
    });
    await runPermitScheduler(t.ctx, now, schedulerNotices(t.ctx));

    expect(await inApp(w.employee.id, id, "permit.startsSoon")).toBe(1);
    expect(await inApp(w.supplierUser.id, id, "permit.startsSoon")).toBe(1);
    expect(await queuedMails(w.employee.email, id)).toBe(0);
    expect(await queuedMails(w.supplierUser.email, id)).toBe(1);
  });
});
