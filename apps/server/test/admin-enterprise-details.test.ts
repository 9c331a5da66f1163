import { V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, signIn, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { addSector, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let admin: TPerson;
let e: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

const read = async (path: string, by: TPerson = admin) =>
  t.as(by).get(`/api/admin/enterprises/${e.enterprise.id}/${path}`);

/** A ledger row straight in the database, `monthsAgo` calendar months back (UTC), on the month's second day. */
async function ledgerRow(enterpriseId: string, kind: "purchase" | "consumption", monthsAgo: number, quantity = -1) {
  await t.ctx.pool.query(
    `INSERT INTO credit_transactions (enterprise_id, kind, quantity, created_at)
     VALUES ($1, $2, $3, (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => $4)
       + interval '1 day') AT TIME ZONE 'UTC')`,
    [enterpriseId, kind, quantity, monthsAgo],
  );
}

/** A sign-in log row straight in the database, `daysAgo` days back. */
async function signInRow(person: TPerson, outcome: "success" | "failure", daysAgo: number) {
  await t.ctx.pool.query(
    `INSERT INTO auth_attempts (email, ip, user_id, outcome, created_at)
     VALUES (lower($1), '10.9.9.9', $2, $3, now() - make_interval(days => $4))`,
    [person.email, person.id, outcome, daysAgo],
  );
}

/** The last six calendar months (UTC) as YYYY-MM, oldest first. */
function lastSixMonths(): string[] {
  const now = new Date();
  return Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.ctx, "Admin");
  e = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  await addSector(t.ctx, e.division);
  await addSector(t.ctx, e.division);
  const removed = await addSector(t.ctx, e.division);
  await t.ctx.pool.query("UPDATE sectors SET deleted_at = now() WHERE id = $1", [removed.id]);
  await addSector(t.ctx, other.division);
});
afterAll(() => t.close());

describe("GET /api/admin/enterprises/:id/divisions", () => {
  it("lists the divisions by name with their live sectors and their managers counted", async () => {
    const response = await read("divisions");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    const byId = new Map(body.data.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(e.division.id)).toEqual({
      id: e.division.id,
      name: e.division.name,
      address: "1 rue",
      province: null,
      postalCode: null,
      country: "France",
      sectorCount: 2,
      managerCount: 2,
    });
    expect(byId.get(e.otherDivision.id)).toMatchObject({ sectorCount: 0, managerCount: 1 });
    const names = body.data.map((d: { name: string }) => d.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await read("divisions?pageSize=1&page=2")).json()).toMatchObject({ total: 2, data: [expect.any(Object)] });
  });
});

describe("GET /api/admin/enterprises/:id/users", () => {
  it("lists its people, company accounts first, with their division and last successful sign-in", async () => {
    await signInRow(e.responsible, "success", 40);
    await signInRow(e.responsible, "failure", 1);
    await signIn(t.app, e.enterpriseUser.email);
    const response = await read("users");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.data.map((u: { role: string }) => u.role)).toEqual([
      "Enterprise",
      "SuperResponsible",
      "Responsible",
      "Responsible",
    ]);
    const byId = new Map(body.data.map((u: { id: string }) => [u.id, u]));
    const company = byId.get(e.enterpriseUser.id) as { lastSignInAt: string; division: unknown };
    expect(company).toMatchObject({ email: e.enterpriseUser.email, status: "active", division: null });
    expect(Date.now() - Date.parse(company.lastSignInAt)).toBeLessThan(60_000);
    const responsible = byId.get(e.responsible.id) as { lastSignInAt: string };
    expect(responsible).toMatchObject({ division: { id: e.division.id, name: e.division.name } });
    // The failure of yesterday is not a sign-in: the last one was 40 days ago.
    const days = (Date.now() - Date.parse(responsible.lastSignInAt)) / 86_400_000;
    expect(Math.round(days)).toBe(40);
    expect(byId.get(e.superResponsible.id)).toMatchObject({ lastSignInAt: null });
    // Contractors and other tenants' people are not its people.
    const ids = body.data.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(e.supplierUser.id);
    expect(ids).not.toContain(other.enterpriseUser.id);
    expect((await read("users?pageSize=3&page=2")).json()).toMatchObject({ total: 4, data: [expect.any(Object)] });
  });
});

describe("GET /api/admin/enterprises/:id/activity", () => {
  it("counts first sends per month over the last six months and its people's sign-ins", async () => {
    await ledgerRow(e.enterprise.id, "consumption", 0);
    await ledgerRow(e.enterprise.id, "consumption", 0);
    await ledgerRow(e.enterprise.id, "consumption", 2);
    await ledgerRow(e.enterprise.id, "consumption", 5);
    await ledgerRow(e.enterprise.id, "consumption", 6); // before the window
    await ledgerRow(e.enterprise.id, "purchase", 1, 50); // a purchase is not a permit
    await ledgerRow(other.enterprise.id, "consumption", 1); // another tenant
    const response = await read("activity");
    expect(response.statusCode, response.body).toBe(200);
    const months = lastSixMonths();
    const { data } = response.json();
    expect(data.months).toEqual([
      { month: months[0], permitsSent: 1 },
      { month: months[1], permitsSent: 0 },
      { month: months[2], permitsSent: 0 },
      { month: months[3], permitsSent: 1 },
      { month: months[4], permitsSent: 0 },
      { month: months[5], permitsSent: 2 },
    ]);
    // The enterprise account signed in just now (the users test), the responsible 40 days ago.
    expect(Date.now() - Date.parse(data.lastSignInAt)).toBeLessThan(60_000);
    expect(data.activeUsers30Days).toBe(1);
  });

  it("answers zeros and no sign-in for an enterprise nobody used", async () => {
    const fresh = await createTenant(t.ctx);
    const response = await t.as(admin).get(`/api/admin/enterprises/${fresh.enterprise.id}/activity`);
    expect(response.json().data).toEqual({
      months: lastSixMonths().map((month) => ({ month, permitsSent: 0 })),
      lastSignInAt: null,
      activeUsers30Days: 0,
    });
  });
});

describe("access to an enterprise's details", () => {
  it("is the admin's alone (403 for everyone else, even the enterprise itself)", async () => {
    for (const person of [e.enterpriseUser, e.superResponsible, e.responsible, e.supplierUser, e.employee]) {
      for (const path of ["divisions", "users", "activity"]) expectError(await read(path, person), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, `/api/admin/enterprises/${e.enterprise.id}/users`), 401, "UNAUTHENTICATED");
  });

  it("answers 404 for an unknown enterprise (a supplier's id is not an enterprise) and 400 for a malformed id", async () => {
    for (const path of ["divisions", "users", "activity"]) {
      for (const id of [UNKNOWN_ID, e.supplier.id]) {
        expectError(await t.as(admin).get(`/api/admin/enterprises/${id}/${path}`), 404, "NOT_FOUND");
      }
      expectFields(await t.as(admin).get(`/api/admin/enterprises/nope/${path}`), { id: V.invalidValue });
    }
    expectError(await read("users?pageSize=500"), 400, "VALIDATION_FAILED");
  });
});
