import { V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../src/db/client";
import { takeNumberAndCredit } from "../src/modules/credits/permit-account";
import { accountOf, insertPermit, ledgerOf } from "./helpers/credits";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

const purchase = async (enterpriseId: string, body: unknown, by: TPerson = admin) =>
  t.as(by).post(`/api/admin/enterprises/${enterpriseId}/credits`, body);
const summary = async (person: TPerson) => t.as(person).get("/api/credits");

/** A permit's first send as the permits module does it: number and credit taken, number stored, one commit. */
async function sendPermit(enterpriseId: string, actor: TPerson, now: Date) {
  const permitId = await insertPermit(t.ctx, enterpriseId, actor.id);
  const number = await inTransaction(t.ctx.pool, async (tx, client) => {
    const taken = await takeNumberAndCredit(tx, enterpriseId, actor.id, permitId, now);
    await client.query("UPDATE permits SET document_number = $2, status = 'sended' WHERE id = $1", [permitId, taken]);
    return taken;
  });
  return { permitId, number };
}

describe("POST /api/admin/enterprises/:id/credits", () => {
  it("adds the credits and records the purchase with the admin and the note", async () => {
    const { enterprise } = other;
    const first = await purchase(enterprise.id, { quantity: 10, note: "  Order 2026-17  " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toEqual({ total: 10, used: 0, remaining: 10, lastTransactionAt: expect.any(String) });
    const second = await purchase(enterprise.id, { quantity: 5 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ total: 15, used: 0, remaining: 15 });
    expect(await accountOf(t.ctx, enterprise.id)).toMatchObject({ credits_total: 15, credits_used: 0 });
    expect(await ledgerOf(t.ctx, enterprise.id)).toEqual([
      { kind: "purchase", quantity: 10, permit_id: null, recorded_by: admin.id, note: "Order 2026-17" },
      { kind: "purchase", quantity: 5, permit_id: null, recorded_by: admin.id, note: "" },
    ]);
  });

  it("is the admin's alone (403 for everyone else, nothing recorded)", async () => {
    const before = await ledgerOf(t.ctx, tenant.enterprise.id);
    for (const person of [
      tenant.enterpriseUser,
      tenant.superResponsible,
      tenant.responsible,
      tenant.supplierUser,
      tenant.employee,
    ]) {
      expectError(await purchase(tenant.enterprise.id, { quantity: 1 }, person), 403, "FORBIDDEN");
    }
    expect(await ledgerOf(t.ctx, tenant.enterprise.id)).toEqual(before);
  });

  it("answers 404 for an unknown enterprise and 400 for a malformed id", async () => {
    expectError(await purchase(UNKNOWN_ID, { quantity: 1 }), 404, "NOT_FOUND");
    expectFields(await purchase("not-an-id", { quantity: 1 }), { id: V.invalidValue });
    const { rows } = await t.ctx.pool.query("SELECT 1 FROM credit_transactions WHERE enterprise_id = $1", [UNKNOWN_ID]);
    expect(rows).toEqual([]);
  });

  it("refuses a quantity that is not a whole number from 1 to 100000, and a note over 250 characters", async () => {
    const before = await accountOf(t.ctx, tenant.enterprise.id);
    for (const quantity of [0, -3, 100_001, 2.5, "10", null]) {
      expectFields(await purchase(tenant.enterprise.id, { quantity }), { quantity: V.invalidValue });
    }
    expectFields(await purchase(tenant.enterprise.id, {}), { quantity: V.invalidValue });
    expectFields(await purchase(tenant.enterprise.id, { quantity: 1, note: "x".repeat(251) }), { note: V.max250 });
    expect(await accountOf(t.ctx, tenant.enterprise.id)).toEqual(before);
    // The bounds themselves are accepted.
    const one = await createTenant(t.ctx);
    expect((await purchase(one.enterprise.id, { quantity: 1, note: "x".repeat(250) })).statusCode).toBe(201);
    expect((await purchase(one.enterprise.id, { quantity: 100_000 })).json().data.total).toBe(100_001);
  });

  it("refuses (400, nothing changed) a purchase the total could not hold", async () => {
    const big = await createTenant(t.ctx);
    await t.ctx.pool.query(
      "INSERT INTO enterprise_permit_accounts (enterprise_id, credits_total) VALUES ($1, 2147480000)",
      [big.enterprise.id],
    );
    expectFields(await purchase(big.enterprise.id, { quantity: 100_000 }), { quantity: V.invalidValue });
    expect(await accountOf(t.ctx, big.enterprise.id)).toMatchObject({ credits_total: 2_147_480_000 });
    expect(await ledgerOf(t.ctx, big.enterprise.id)).toEqual([]);
  });
});

describe("GET /api/credits", () => {
  it("shows zeros and no last transaction to an enterprise that never bought credits", async () => {
    const fresh = await createTenant(t.ctx);
    const response = await summary(fresh.enterpriseUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ total: 0, used: 0, remaining: 0, lastTransactionAt: null });
  });

  it("counts purchases and first sends, dated by the last transaction, for every principal staff member", async () => {
    const e = await createTenant(t.ctx);
    await purchase(e.enterprise.id, { quantity: 3, note: "Starter pack" });
    const sendTime = new Date(Date.now() + 60_000);
    await sendPermit(e.enterprise.id, e.supplierUser, sendTime);
    await sendPermit(e.enterprise.id, e.employee, sendTime);
    for (const person of [e.enterpriseUser, e.superResponsible, e.responsible, e.otherDivisionResponsible]) {
      const response = await summary(person);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        total: 3,
        used: 2,
        remaining: 1,
        lastTransactionAt: sendTime.toISOString(),
      });
    }
  });

  it("refuses contractors and the admin (403)", async () => {
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      expectError(await summary(person), 403, "FORBIDDEN");
    }
  });

  it("shows each enterprise its own credits only", async () => {
    const a = await createTenant(t.ctx);
    const b = await createTenant(t.ctx);
    await purchase(a.enterprise.id, { quantity: 7 });
    expect((await summary(a.enterpriseUser)).json().data).toMatchObject({ total: 7, remaining: 7 });
    expect((await summary(b.enterpriseUser)).json().data).toEqual({
      total: 0,
      used: 0,
      remaining: 0,
      lastTransactionAt: null,
    });
  });

  it("closes to the people of a disabled enterprise", async () => {
    const d = await createTenant(t.ctx);
    await t.ctx.pool.query("UPDATE enterprises SET status = 'disabled' WHERE id = $1", [d.enterprise.id]);
    expectError(await summary(d.enterpriseUser), 403, "ACCOUNT_DISABLED");
  });
});

describe("GET /api/admin/enterprises/:id/credits", () => {
  it("gives the admin any enterprise's summary, refuses everyone else, 404 for an unknown one", async () => {
    const f = await createTenant(t.ctx);
    await purchase(f.enterprise.id, { quantity: 3 });
    const url = `/api/admin/enterprises/${f.enterprise.id}/credits`;
    const response = await t.as(admin).get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ total: 3, used: 0, remaining: 3, lastTransactionAt: expect.any(String) });
    for (const person of [f.enterpriseUser, f.superResponsible, f.responsible, f.supplierUser, f.employee]) {
      expectError(await t.as(person).get(url), 403, "FORBIDDEN");
    }
    expectError(await t.as(admin).get(`/api/admin/enterprises/${UNKNOWN_ID}/credits`), 404, "NOT_FOUND");
    expectFields(await t.as(admin).get("/api/admin/enterprises/not-an-id/credits"), { id: V.invalidValue });
  });
});

describe("the credit ledger", () => {
  let e: Awaited<ReturnType<typeof createTenant>>;
  let sent: { permitId: string; number: string };

  beforeAll(async () => {
    e = await createTenant(t.ctx);
    await purchase(e.enterprise.id, { quantity: 2, note: "First order" });
    await purchase(e.enterprise.id, { quantity: 4, note: "Second order" });
    sent = await sendPermit(e.enterprise.id, e.employee, new Date(Date.now() + 60_000));
  });

  const expected = () => [
    {
      id: expect.any(String),
      kind: "consumption",
      quantity: -1,
      note: "",
      permit: { id: sent.permitId, documentNumber: sent.number },
      recordedBy: { id: e.employee.id, name: expect.any(String), role: "Employee" },
      at: expect.any(String),
    },
    {
      id: expect.any(String),
      kind: "purchase",
      quantity: 4,
      note: "Second order",
      permit: null,
      recordedBy: { id: admin.id, name: expect.any(String), role: "Admin" },
      at: expect.any(String),
    },
    {
      id: expect.any(String),
      kind: "purchase",
      quantity: 2,
      note: "First order",
      permit: null,
      recordedBy: { id: admin.id, name: expect.any(String), role: "Admin" },
      at: expect.any(String),
    },
  ];

  it("lists the enterprise's transactions newest first, paginated (GET /api/credits/transactions)", async () => {
    const all = await t.as(e.enterpriseUser).get("/api/credits/transactions");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ data: expected(), page: 1, pageSize: 20, total: 3 });
    expect(sent.number).toMatch(/^PTW-\d{4}-000001$/);
    const second = await t.as(e.enterpriseUser).get("/api/credits/transactions?page=2&pageSize=2");
    expect(second.json()).toEqual({ data: [expected()[2]], page: 2, pageSize: 2, total: 3 });
    expectFields(await t.as(e.enterpriseUser).get("/api/credits/transactions?pageSize=101"), {
      pageSize: expect.any(String),
    });
  });

  it("is the Enterprise account's alone among its people", async () => {
    for (const person of [e.superResponsible, e.responsible, e.supplierUser, e.employee, admin]) {
      expectError(await t.as(person).get("/api/credits/transactions"), 403, "FORBIDDEN");
    }
  });

  it("shows another enterprise none of these", async () => {
    const f = await createTenant(t.ctx);
    await purchase(f.enterprise.id, { quantity: 1, note: "Their own order" });
    const response = await t.as(f.enterpriseUser).get("/api/credits/transactions");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [{ kind: "purchase", note: "Their own order" }], total: 1 });
    const admins = await t.as(admin).get(`/api/admin/enterprises/${f.enterprise.id}/credits/transactions`);
    expect(admins.json()).toMatchObject({ data: [{ note: "Their own order" }], total: 1 });
  });

  it("lets the admin read any enterprise's ledger (GET /api/admin/enterprises/:id/credits/transactions)", async () => {
    const url = `/api/admin/enterprises/${e.enterprise.id}/credits/transactions`;
    const response = await t.as(admin).get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: expected(), page: 1, pageSize: 20, total: 3 });
    for (const person of [e.enterpriseUser, e.superResponsible, e.responsible, e.supplierUser, e.employee]) {
      expectError(await t.as(person).get(url), 403, "FORBIDDEN");
    }
    expectError(await t.as(admin).get(`/api/admin/enterprises/${UNKNOWN_ID}/credits/transactions`), 404, "NOT_FOUND");
  });
});
