import { CREDITS_LOW_THRESHOLD, V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedMails } from "./helpers/accounts";
import { ledgerOf } from "./helpers/credits";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let admin: TPerson;
let otherAdmin: TPerson;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.ctx, "Admin");
  otherAdmin = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

const ask = async (person: TPerson, body: unknown) => t.as(person).post("/api/credits/demands", body);
const mine = async (person: TPerson, query = "") => t.as(person).get(`/api/credits/demands${query}`);
const cancel = async (person: TPerson, id: string) => t.as(person).post(`/api/credits/demands/${id}/cancel`, undefined);
const decide = async (id: string, action: "approve" | "deny", body?: unknown, by: TPerson = admin) =>
  t.as(by).post(`/api/admin/demands/${id}/${action}`, body);
const adminList = async (query: string, by: TPerson = admin) => t.as(by).get(`/api/admin/demands?kind=credits${query}`);
const summary = async (person: TPerson) => (await t.as(person).get("/api/credits")).json().data;

/** The notifications of a person, oldest first. */
async function noticesOf(userId: string) {
  const { rows } = await t.ctx.pool.query<{ kind: string; params: Record<string, unknown>; link: string }>(
    "SELECT kind, params, link FROM notifications WHERE user_id = $1 ORDER BY created_at, id",
    [userId],
  );
  return rows;
}

/** A credits request the enterprise's account made through the API. */
async function requested(person: TPerson, quantity = 20, note = "For the winter shutdown") {
  const response = await ask(person, { quantity, note });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; quantity: number; status: string };
}

describe("an enterprise asks for credits", () => {
  it("registers the request, pending, and tells every admin in the app and by e-mail", async () => {
    const e = await createTenant(t.ctx);
    const response = await ask(e.enterpriseUser, { quantity: 20, note: "  For the winter shutdown  " });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      kind: "credits",
      status: "pending",
      quantity: 20,
      note: "For the winter shutdown",
      createdAt: expect.any(String),
      decidedAt: null,
      remark: null,
      enterprise: { id: e.enterprise.id, name: e.enterprise.name },
      requester: { id: e.enterpriseUser.id, name: expect.any(String), email: e.enterpriseUser.email },
    });
    for (const person of [admin, otherAdmin]) {
      expect(await noticesOf(person.id)).toContainEqual({
        kind: "credits.requested",
        params: { enterpriseName: e.enterprise.name, quantity: 20, remaining: null, remark: "For the winter shutdown" },
        link: "/admin/demands?kind=credits",
      });
      expect(await queuedMails(t.ctx, person.email)).toBeGreaterThan(0);
    }
    // Nobody of the enterprise is told of its own request.
    expect(await noticesOf(e.enterpriseUser.id)).toEqual([]);
  });

  it("refuses a second request while one is pending (409), even two sent at once", async () => {
    const e = await createTenant(t.ctx);
    const [a, b] = await Promise.all([ask(e.enterpriseUser, { quantity: 5 }), ask(e.enterpriseUser, { quantity: 6 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expectError(a.statusCode === 409 ? a : b, 409, "CREDIT_DEMAND_PENDING");
    expectError(await ask(e.enterpriseUser, { quantity: 7 }), 409, "CREDIT_DEMAND_PENDING");
    expect((await mine(e.enterpriseUser)).json().total).toBe(1);
  });

  it("refuses a quantity that is not a whole number from 1 to 10000, and a note over 250 characters", async () => {
    const e = await createTenant(t.ctx);
    for (const quantity of [0, -1, 10_001, 2.5, "10", null]) {
      expectFields(await ask(e.enterpriseUser, { quantity }), { quantity: V.invalidValue });
    }
    expectFields(await ask(e.enterpriseUser, {}), { quantity: V.invalidValue });
    expectFields(await ask(e.enterpriseUser, { quantity: 1, note: "x".repeat(251) }), { note: V.max250 });
    expect((await mine(e.enterpriseUser)).json().total).toBe(0);
    expect((await ask(e.enterpriseUser, { quantity: 10_000, note: "x".repeat(250) })).statusCode).toBe(201);
  });

  it("is the company account's alone (403 for managers, contractors and the admin)", async () => {
    const e = await createTenant(t.ctx);
    for (const person of [e.superResponsible, e.responsible, e.supplierUser, e.employee, admin]) {
      expectError(await ask(person, { quantity: 5 }), 403, "FORBIDDEN");
      expectError(await mine(person), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, "/api/credits/demands"), 401, "UNAUTHENTICATED");
    expect((await mine(e.enterpriseUser)).json().total).toBe(0);
  });

  it("lists its own requests newest first, and withdraws the pending one", async () => {
    const e = await createTenant(t.ctx);
    const first = await requested(e.enterpriseUser, 3);
    const cancelled = await cancel(e.enterpriseUser, first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: "cancelled", decidedAt: expect.any(String) });
    expectError(await cancel(e.enterpriseUser, first.id), 409, "CONFLICT");
    const second = await requested(e.enterpriseUser, 4);
    const list = (await mine(e.enterpriseUser, "?pageSize=1")).json();
    expect(list).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(list.data.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect((await mine(e.enterpriseUser, "?page=2&pageSize=1")).json().data[0]).toMatchObject({
      id: first.id,
      status: "cancelled",
    });
  });

  it("keeps another enterprise out: it cannot see, cancel or even find this one's requests", async () => {
    const e = await createTenant(t.ctx);
    const stranger = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser);
    expect((await mine(stranger.enterpriseUser)).json()).toMatchObject({ total: 0, data: [] });
    expectError(await cancel(stranger.enterpriseUser, demand.id), 404, "NOT_FOUND");
    expectError(await cancel(e.enterpriseUser, UNKNOWN_ID), 404, "NOT_FOUND");
    expectFields(await cancel(e.enterpriseUser, "not-an-id"), { id: V.invalidValue });
    expect((await mine(e.enterpriseUser)).json().data[0]).toMatchObject({ id: demand.id, status: "pending" });
  });
});

describe("the admin decides a credits request", () => {
  it("counts pending credits requests in the admin's waiting badge", async () => {
    const waiting = async () => (await t.as(admin).get("/api/demands/waiting-count")).json().data.count as number;
    const before = await waiting();
    const e = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser);
    expect(await waiting()).toBe(before + 1);
    await cancel(e.enterpriseUser, demand.id);
    expect(await waiting()).toBe(before);
  });

  it("lists credits requests with the enterprise, the requester, the quantity and the note", async () => {
    const e = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser, 12, "Two new contractors");
    const list = await adminList("&status=pending&pageSize=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id: demand.id,
        kind: "credits",
        quantity: 12,
        note: "Two new contractors",
        enterprise: { id: e.enterprise.id, name: e.enterprise.name },
        requester: expect.objectContaining({ id: e.enterpriseUser.id, email: e.enterpriseUser.email }),
      }),
    );
    // The enterprise-account list (the default kind) does not mix them in.
    const accounts = (await t.as(admin).get("/api/admin/demands?pageSize=100")).json();
    expect(accounts.data.map((d: { id: string }) => d.id)).not.toContain(demand.id);
    expectError(await adminList("", e.enterpriseUser), 403, "FORBIDDEN");
  });

  it("approves: the purchase is recorded, the remaining count goes up by N, the enterprise is told", async () => {
    const e = await createTenant(t.ctx);
    const before = await summary(e.enterpriseUser);
    const demand = await requested(e.enterpriseUser, 25);
    const approved = await decide(demand.id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ id: demand.id, kind: "credits", status: "approved" });
    expect((await summary(e.enterpriseUser)).remaining).toBe(before.remaining + 25);
    expect(await ledgerOf(t.ctx, e.enterprise.id)).toEqual([
      { kind: "purchase", quantity: 25, permit_id: null, recorded_by: admin.id, note: `request ${demand.id}` },
    ]);
    expect(await noticesOf(e.enterpriseUser.id)).toEqual([
      {
        kind: "credits.approved",
        params: { enterpriseName: e.enterprise.name, quantity: 25, remaining: null, remark: null },
        link: "/enterprise/profile",
      },
    ]);
    expect(await queuedMails(t.ctx, e.enterpriseUser.email)).toBe(1);
    // Managers are not told; a second approval finds nothing pending.
    expect(await noticesOf(e.superResponsible.id)).toEqual([]);
    expectError(await decide(demand.id, "approve"), 409, "CONFLICT");
    expect((await summary(e.enterpriseUser)).remaining).toBe(before.remaining + 25);
  });

  it("denies only with a reason, records nothing and tells the enterprise why", async () => {
    const e = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser, 8);
    expectFields(await decide(demand.id, "deny"), { remark: V.descriptionRequired });
    expectFields(await decide(demand.id, "deny", { remark: "   " }), { remark: V.descriptionRequired });
    const denied = await decide(demand.id, "deny", { remark: "Invoice unpaid" });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json().data).toMatchObject({ status: "denied", remark: "Invoice unpaid" });
    expect(await ledgerOf(t.ctx, e.enterprise.id)).toEqual([]);
    expect(await noticesOf(e.enterpriseUser.id)).toEqual([
      expect.objectContaining({
        kind: "credits.denied",
        params: expect.objectContaining({ remark: "Invoice unpaid" }),
      }),
    ]);
    expect((await mine(e.enterpriseUser)).json().data[0]).toMatchObject({ status: "denied", remark: "Invoice unpaid" });
  });

  it("lets exactly one of an approval and a denial made at once win; the other gets 409", async () => {
    for (let round = 0; round < 3; round += 1) {
      const e = await createTenant(t.ctx);
      const demand = await requested(e.enterpriseUser, 10);
      const [approve, deny] = await Promise.all([
        decide(demand.id, "approve"),
        decide(demand.id, "deny", { remark: "Duplicate" }, otherAdmin),
      ]);
      expect([approve.statusCode, deny.statusCode].sort()).toEqual([200, 409]);
      const ledger = await ledgerOf(t.ctx, e.enterprise.id);
      expect(ledger).toHaveLength(approve.statusCode === 200 ? 1 : 0);
      expect(await noticesOf(e.enterpriseUser.id)).toHaveLength(1);
    }
  });

  it("is the admin's alone, and answers 404 for an unknown request", async () => {
    const e = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser);
    for (const person of [e.enterpriseUser, e.superResponsible, e.supplierUser]) {
      expectError(await decide(demand.id, "approve", undefined, person), 403, "FORBIDDEN");
    }
    expectError(await decide(UNKNOWN_ID, "approve"), 404, "NOT_FOUND");
    expect((await mine(e.enterpriseUser)).json().data[0].status).toBe("pending");
  });
});

describe("the admins' notice of a credits request", () => {
  /** Each admin's notice of the request sent by `e`'s account, as the notifications API shows it to them. */
  const requestNotice = async (person: TPerson, enterpriseName: string) =>
    (await t.as(person).get("/api/notifications?pageSize=100"))
      .json()
      .data.find(
        (n: { kind: string; params: { enterpriseName: string } }) =>
          n.kind === "credits.requested" && n.params.enterpriseName === enterpriseName,
      );

  it("is done and read for every admin once one of them approved the request", async () => {
    const e = await createTenant(t.ctx);
    const demand = await requested(e.enterpriseUser);
    for (const person of [admin, otherAdmin]) {
      expect(await requestNotice(person, e.enterprise.name)).toMatchObject({ doneAt: null, readAt: null });
    }
    expect((await decide(demand.id, "approve")).statusCode).toBe(200);
    for (const person of [admin, otherAdmin]) {
      expect(await requestNotice(person, e.enterprise.name)).toMatchObject({
        doneAt: expect.any(String),
        readAt: expect.any(String),
      });
    }
  });

  it("is done for every admin once one denied it, or once the enterprise withdrew it", async () => {
    const denied = await createTenant(t.ctx);
    await decide((await requested(denied.enterpriseUser)).id, "deny", { remark: "Duplicate" }, otherAdmin);
    const withdrawn = await createTenant(t.ctx);
    await cancel(withdrawn.enterpriseUser, (await requested(withdrawn.enterpriseUser)).id);
    for (const e of [denied, withdrawn]) {
      for (const person of [admin, otherAdmin]) {
        expect(await requestNotice(person, e.enterprise.name)).toMatchObject({
          doneAt: expect.any(String),
          readAt: expect.any(String),
        });
      }
    }
  });

  it("stays open while the request waits, and another request's notice stays open when this one is decided", async () => {
    const decided = await createTenant(t.ctx);
    const waiting = await createTenant(t.ctx);
    const demand = await requested(decided.enterpriseUser);
    await requested(waiting.enterpriseUser);
    await decide(demand.id, "approve");
    expect(await requestNotice(admin, waiting.enterprise.name)).toMatchObject({ doneAt: null, readAt: null });
  });
});

describe("the low-credit warning", () => {
  let w: TPermitWorld;
  const sendNew = async () => {
    const created = await t.as(w.employee).post("/api/permits", completeDraft(w));
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.as(w.employee).post(`/api/permits/${created.json().data.id}/send`, undefined);
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const lowNotices = async (person: TPerson) =>
    (await noticesOf(person.id)).filter((n) => n.kind === "credits.low").map((n) => n.params.remaining);

  beforeAll(async () => {
    w = await createPermitWorld(t.ctx, { credits: CREDITS_LOW_THRESHOLD + 2 });
  });

  it("tells the company accounts once when a send reaches the threshold, and once more at none", async () => {
    await sendNew(); // 6 left
    expect(await lowNotices(w.enterpriseUser)).toEqual([]);
    await sendNew(); // 5 left: crossing
    expect(await lowNotices(w.enterpriseUser)).toEqual([CREDITS_LOW_THRESHOLD]);
    const mails = await queuedMails(t.ctx, w.enterpriseUser.email);
    expect(mails).toBe(1);
    for (let left = CREDITS_LOW_THRESHOLD - 1; left >= 1; left -= 1) await sendNew();
    expect(await lowNotices(w.enterpriseUser)).toEqual([CREDITS_LOW_THRESHOLD]);
    await sendNew(); // none left
    expect(await lowNotices(w.enterpriseUser)).toEqual([CREDITS_LOW_THRESHOLD, 0]);
    expect(await queuedMails(t.ctx, w.enterpriseUser.email)).toBe(2);
    // Only the company accounts: its managers read the balance on their own.
    expect(await lowNotices(w.superResponsible)).toEqual([]);
    expect(await noticesOf(w.enterpriseUser.id)).toContainEqual({
      kind: "credits.low",
      params: { enterpriseName: w.enterprise.name, quantity: null, remaining: 0, remark: null },
      link: "/enterprise/profile",
    });
  });

  it("skips the e-mail of a person who muted the kind, still telling them in the app", async () => {
    const e = await createTenant(t.ctx);
    await t.ctx.pool.query(`UPDATE users SET email_muted_kinds = '["credits.approved"]' WHERE id = $1`, [
      e.enterpriseUser.id,
    ]);
    const demand = await requested(e.enterpriseUser, 2);
    expect((await decide(demand.id, "approve")).statusCode).toBe(200);
    expect((await noticesOf(e.enterpriseUser.id)).map((n) => n.kind)).toEqual(["credits.approved"]);
    expect(await queuedMails(t.ctx, e.enterpriseUser.email)).toBe(0);
  });
});
