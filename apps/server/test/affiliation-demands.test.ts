import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingEnterpriseDemand } from "./helpers/accounts";
import { affiliate, affiliationStatus, createSupplierWithPeople } from "./helpers/affiliations";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, post } from "./helpers/http";
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

const decide = async (by: TPerson, id: string, action: "approve" | "deny" | "cancel", body?: unknown) =>
  t.as(by).post(`/api/demands/${id}/${action}`, body);
const list = async (by: TPerson, query = "") => t.as(by).get(`/api/demands${query}`);
const waiting = async (by: TPerson) => (await t.as(by).get("/api/demands/waiting-count")).json().data.count;

/** An invitation from the tenant to a new supplier, through the API. */
async function invitation(by: TPerson = tenant.enterpriseUser) {
  const s = await createSupplierWithPeople(t.ctx);
  const response = await t.as(by).post("/api/affiliations/invitations", { email: s.supplierUser.email });
  expect(response.statusCode, response.body).toBe(201);
  return { ...s, demandId: response.json().data.demand.id as string };
}

/** A request from a new supplier to the tenant, through the API. */
async function requestTo(enterpriseId = tenant.enterprise.id) {
  const s = await createSupplierWithPeople(t.ctx);
  const response = await t.as(s.supplierUser).post("/api/affiliations/requests", { enterpriseId });
  expect(response.statusCode, response.body).toBe(201);
  return { ...s, demandId: response.json().data.id as string };
}

const events = async (enterpriseId: string, supplierId: string) =>
  (
    await t.ctx.pool.query(
      `SELECT e.status, e.actor_id AS "actorId", e.remark FROM affiliation_events e
       JOIN affiliations a ON a.id = e.affiliation_id WHERE a.enterprise_id = $1 AND a.supplier_id = $2
       ORDER BY e.created_at`,
      [enterpriseId, supplierId],
    )
  ).rows;

describe("POST /api/demands/:id/approve | deny | cancel", () => {
  it("lets the supplier approve an invitation: affiliated, with the event", async () => {
    const s = await invitation();
    const response = await decide(s.supplierUser, s.demandId, "approve", { remark: "Glad to" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: "approved",
      remark: "Glad to",
      decidedAt: expect.any(String),
      decidedBy: { id: s.supplierUser.id, role: "Supplier" },
      actions: [],
    });
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("affiliated");
    expect(await events(tenant.enterprise.id, s.supplier.id)).toEqual([
      { status: "invited", actorId: tenant.enterpriseUser.id, remark: null },
      { status: "affiliated", actorId: s.supplierUser.id, remark: "Glad to" },
    ]);
  });

  it("lets the supplier deny an invitation and the enterprise cancel one", async () => {
    const denied = await invitation();
    expect((await decide(denied.supplierUser, denied.demandId, "deny")).json().data.status).toBe("denied");
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, denied.supplier.id)).toBe("denied");
    const cancelled = await invitation();
    expect((await decide(tenant.superResponsible, cancelled.demandId, "cancel")).json().data.status).toBe("cancelled");
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, cancelled.supplier.id)).toBe("cancelled");
  });

  it("lets the enterprise and a super-responsible approve or deny a request, and the supplier cancel it", async () => {
    const approved = await requestTo();
    expect((await decide(tenant.enterpriseUser, approved.demandId, "approve")).statusCode).toBe(200);
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, approved.supplier.id)).toBe("affiliated");
    const denied = await requestTo();
    const response = await decide(tenant.superResponsible, denied.demandId, "deny", { remark: "Not now" });
    expect(response.json().data).toMatchObject({ status: "denied", decidedBy: { role: "SuperResponsible" } });
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, denied.supplier.id)).toBe("denied");
    const cancelled = await requestTo();
    expect((await decide(cancelled.supplierUser, cancelled.demandId, "cancel")).statusCode).toBe(200);
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, cancelled.supplier.id)).toBe("cancelled");
  });

  it("refuses an action that is not the caller's side's (403), and leaves the demand pending", async () => {
    const inv = await invitation();
    expectError(await decide(tenant.enterpriseUser, inv.demandId, "approve"), 403, "FORBIDDEN");
    expectError(await decide(tenant.superResponsible, inv.demandId, "deny"), 403, "FORBIDDEN");
    expectError(await decide(inv.supplierUser, inv.demandId, "cancel"), 403, "FORBIDDEN");
    const req = await requestTo();
    expectError(await decide(req.supplierUser, req.demandId, "approve"), 403, "FORBIDDEN");
    expectError(await decide(tenant.enterpriseUser, req.demandId, "cancel"), 403, "FORBIDDEN");
    for (const action of ["approve", "deny", "cancel"] as const) {
      expectError(await decide(tenant.responsible, req.demandId, action), 403, "FORBIDDEN");
      expectError(await decide(req.employee, req.demandId, action), 403, "FORBIDDEN");
      expectError(await decide(admin, req.demandId, action), 403, "FORBIDDEN");
    }
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, req.supplier.id)).toBe("requested");
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, inv.supplier.id)).toBe("invited");
  });

  it("hides another enterprise's and another supplier's demands (404)", async () => {
    const req = await requestTo();
    const inv = await invitation();
    expectError(await decide(other.enterpriseUser, req.demandId, "approve"), 404, "NOT_FOUND");
    expectError(await t.as(other.superResponsible).get(`/api/demands/${req.demandId}`), 404, "NOT_FOUND");
    expectError(await decide(req.supplierUser, inv.demandId, "approve"), 404, "NOT_FOUND");
    expectError(await decide(tenant.enterpriseUser, UNKNOWN_ID, "approve"), 404, "NOT_FOUND");
    expectFields(await decide(tenant.enterpriseUser, "nope", "approve"), { id: "invalidValue" });
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, inv.supplier.id)).toBe("invited");
  });

  it("answers 409 once a demand is decided, and one of two racing approvals wins", async () => {
    const req = await requestTo();
    const [a, b] = await Promise.all([
      decide(tenant.enterpriseUser, req.demandId, "approve"),
      decide(tenant.superResponsible, req.demandId, "approve"),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toBe("CONFLICT");
    expectError(await decide(tenant.enterpriseUser, req.demandId, "deny"), 409, "CONFLICT");
    expectError(await decide(req.supplierUser, req.demandId, "cancel"), 409, "CONFLICT");
    const history = await events(tenant.enterprise.id, req.supplier.id);
    expect(history.map((e) => e.status)).toEqual(["requested", "affiliated"]);
  });

  it("names a remark that is too long (400)", async () => {
    const req = await requestTo();
    expectFields(await decide(tenant.enterpriseUser, req.demandId, "deny", { remark: "x".repeat(251) }), {
      remark: "max250",
    });
  });
});

describe("GET /api/demands", () => {
  it("lists the enterprise's demands newest first, for each of its roles, with the caller's actions", async () => {
    const fresh = await createTenant(t.ctx);
    const s = await createSupplierWithPeople(t.ctx);
    await t.as(fresh.enterpriseUser).post("/api/affiliations/invitations", { email: s.supplierUser.email });
    const req = await requestTo(fresh.enterprise.id);
    for (const [person, actions] of [
      [fresh.enterpriseUser, ["approve", "deny"]],
      [fresh.superResponsible, ["approve", "deny"]],
      [fresh.responsible, []],
    ] as const) {
      const page = (await list(person)).json();
      expect(page.total).toBe(2);
      expect(page.data.map((d: { direction: string }) => d.direction)).toEqual(["request", "invitation"]);
      expect(page.data[0]).toMatchObject({ id: req.demandId, actions });
    }
    const waitingOnly = (await list(fresh.enterpriseUser, "?waiting=true")).json();
    expect(waitingOnly.data.map((d: { id: string }) => d.id)).toEqual([req.demandId]);
    expect((await list(fresh.responsible, "?waiting=true")).json().total).toBe(0);
    expect((await list(fresh.enterpriseUser, "?direction=invitation")).json().total).toBe(1);
    expect((await list(fresh.enterpriseUser, `?q=${req.supplier.name}`)).json().data[0].id).toBe(req.demandId);
    expect((await list(fresh.enterpriseUser, `?q=${s.supplierUser.email}`)).json().total).toBe(1);
    expect((await list(fresh.enterpriseUser, "?status=approved")).json().total).toBe(0);
    const paged = (await list(fresh.enterpriseUser, "?pageSize=1&page=2")).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(paged.data).toHaveLength(1);
    expectFields(await list(fresh.enterpriseUser, "?direction=sideways"), { direction: "invalidValue" });
  });

  it("shows a supplier its own demands only, never another supplier's", async () => {
    const mine = await requestTo();
    const theirs = await requestTo();
    const invitedMine = await post(
      t.app,
      "/api/affiliations/invitations",
      { email: mine.supplierUser.email },
      await t.as(other.enterpriseUser).call(),
    );
    expect(invitedMine.statusCode).toBe(201);
    const page = (await list(mine.supplierUser)).json();
    const ids = page.data.map((d: { id: string }) => d.id);
    expect(ids).toContain(mine.demandId);
    expect(ids).not.toContain(theirs.demandId);
    expect(page.data.every((d: { supplier: { id: string } }) => d.supplier.id === mine.supplier.id)).toBe(true);
    const waitingOnly = (await list(mine.supplierUser, "?waiting=true")).json();
    expect(waitingOnly.data).toEqual([
      expect.objectContaining({ direction: "invitation", actions: ["approve", "deny"] }),
    ]);
    expect(JSON.stringify(page)).not.toContain(theirs.supplier.name);
  });

  it("hides another enterprise's demands and refuses employees and the admin (403)", async () => {
    const req = await requestTo(other.enterprise.id);
    const ids = (await list(tenant.enterpriseUser, "?pageSize=100")).json().data.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(req.demandId);
    for (const person of [tenant.employee, admin]) expectError(await list(person), 403, "FORBIDDEN");
  });
});

describe("GET /api/demands/waiting-count", () => {
  it("counts, for each role, what waits for its decision", async () => {
    const fresh = await createTenant(t.ctx);
    const s = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, other.enterprise.id, s.supplier.id, "detached");
    expect(await waiting(fresh.enterpriseUser)).toBe(0);
    await requestTo(fresh.enterprise.id);
    const second = await requestTo(fresh.enterprise.id);
    // Their own invitation waits for the supplier, not for them.
    await t.as(fresh.enterpriseUser).post("/api/affiliations/invitations", { email: s.supplierUser.email });
    expect(await waiting(fresh.enterpriseUser)).toBe(2);
    expect(await waiting(fresh.superResponsible)).toBe(2);
    expect(await waiting(fresh.responsible)).toBe(0);
    expect(await waiting(s.supplierUser)).toBe(1);
    expect(await waiting(s.employee)).toBe(0);
    expect(await waiting(second.supplierUser)).toBe(0);
    await decide(fresh.enterpriseUser, second.demandId, "approve");
    expect(await waiting(fresh.enterpriseUser)).toBe(1);
  });

  it("counts the pending enterprise accounts for the admin", async () => {
    const before = await waiting(admin);
    await pendingEnterpriseDemand(t.ctx);
    expect(await waiting(admin)).toBe(before + 1);
  });
});
