import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements } from "../src/db/schema";
import { pendingEnterpriseDemand } from "./helpers/accounts";
import { addAffiliation } from "./helpers/contractor-accounts";
import {
  createEnterprise,
  createSupplierCompany,
  createTenant,
  createUser,
  PASSWORD,
  signIn,
  type TPerson,
} from "./helpers/factories";
import { expectError, get, post, refreshCall } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

const adminPost = async (url: string) => t.as(admin).post(url, undefined);
const signInCall = (email: string) => post(t.app, "/api/auth/sign-in", { email, password: PASSWORD });

async function rename(table: "suppliers" | "enterprises", id: string, name: string, email?: string) {
  await t.ctx.pool.query(`UPDATE ${table} SET name = $2, email = coalesce($3, email) WHERE id = $1`, [
    id,
    name,
    email ?? null,
  ]);
}

describe("GET /api/admin/suppliers", () => {
  it("lists every supplier by name with its employee and current affiliation counts", async () => {
    const company = await createTenant(t.ctx);
    await rename("suppliers", company.supplier.id, "Aaa Counted Scaffolding");
    await createUser(t.ctx, "Employee", { supplierId: company.supplier.id }, "invited");
    await addAffiliation(t.ctx, company.enterprise.id, company.supplier.id, "affiliated");
    await addAffiliation(t.ctx, tenant.enterprise.id, company.supplier.id, "detached");

    const response = await t.as(admin).get("/api/admin/suppliers?q=counted");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: company.supplier.id,
          name: "Aaa Counted Scaffolding",
          email: company.supplier.email,
          phone: null,
          status: "active",
          createdAt: company.supplier.createdAt.toISOString(),
          employeeCount: 2,
          affiliationCount: 1,
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
    });
  });

  it("searches name and e-mail, filters by status and paginates", async () => {
    const made = [];
    for (const name of ["Needle Beta", "needle alpha", "Needle Gamma"]) {
      const supplier = await createSupplierCompany(t.ctx);
      await rename("suppliers", supplier.id, name);
      made.push(supplier);
    }
    const byMail = await createSupplierCompany(t.ctx);
    await rename("suppliers", byMail.id, "Zz Mail Match", `contact-needle-${byMail.id.slice(0, 8)}@example.com`);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [made[2]!.id]);
    const me = t.as(admin);

    const all = (await me.get("/api/admin/suppliers?q=NEEDLE")).json();
    expect(all.data.map((s: { name: string }) => s.name)).toEqual([
      "needle alpha",
      "Needle Beta",
      "Needle Gamma",
      "Zz Mail Match",
    ]);
    const page2 = (await me.get("/api/admin/suppliers?q=needle&page=2&pageSize=3")).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page2.data.map((s: { name: string }) => s.name)).toEqual(["Zz Mail Match"]);
    const disabled = (await me.get("/api/admin/suppliers?q=needle&status=disabled")).json();
    expect(disabled.data.map((s: { id: string }) => s.id)).toEqual([made[2]!.id]);
    expect((await me.get("/api/admin/suppliers?q=%25needle")).json().total).toBe(0);
    expectError(await me.get("/api/admin/suppliers?status=asleep"), 400, "VALIDATION_FAILED");
  });
});

describe("GET /api/admin/suppliers/:id", () => {
  it("opens any contractor: its company, each principal it dealt with, its documents' standing with each", async () => {
    const company = await createTenant(t.ctx);
    const other = await createTenant(t.ctx);
    await rename("suppliers", company.supplier.id, "Profiled Scaffolding");
    await addAffiliation(t.ctx, company.enterprise.id, company.supplier.id, "affiliated");
    await addAffiliation(t.ctx, tenant.enterprise.id, company.supplier.id, "detached");
    const [insurance, certificate, optional] = await t.ctx.db
      .insert(complianceRequirements)
      .values([
        { enterpriseId: company.enterprise.id, kind: "document", name: "Liability insurance", requiredOfAll: true },
        { enterpriseId: company.enterprise.id, kind: "document", name: "Safety certificate", requiredOfAll: true },
        { enterpriseId: company.enterprise.id, kind: "document", name: "Quality plan" },
        // Another enterprise's requirement, and a worker's: neither is this contractor's document with this principal.
        { enterpriseId: other.enterprise.id, kind: "document", name: "Their insurance", requiredOfAll: true },
        { enterpriseId: company.enterprise.id, kind: "competence", name: "Hot-work training", requiredOfAll: true },
      ])
      .returning();
    await t.ctx.db.insert(complianceEvidence).values([
      {
        enterpriseId: company.enterprise.id,
        requirementId: insurance!.id,
        supplierId: company.supplier.id,
        validFrom: "2026-01-01",
        validUntil: "2099-12-31",
        status: "accepted",
        reviewedAt: new Date(),
      },
      {
        enterpriseId: company.enterprise.id,
        requirementId: certificate!.id,
        supplierId: company.supplier.id,
        validFrom: "2026-01-01",
        status: "refused",
        reviewedAt: new Date(),
        refusalReason: "Unreadable scan",
      },
    ]);
    expect(optional).toBeDefined();

    const response = await t.as(admin).get(`/api/admin/suppliers/${company.supplier.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json().data;
    expect(profile).toMatchObject({ id: company.supplier.id, name: "Profiled Scaffolding", address: null });
    const byName = Object.fromEntries(
      profile.principals.map((p: { enterprise: { name: string } }) => [p.enterprise.name, p]),
    );
    expect(Object.keys(byName).sort()).toEqual([company.enterprise.name, tenant.enterprise.name].sort());
    expect(byName[company.enterprise.name]).toMatchObject({
      status: "affiliated",
      compliance: { status: "notCompliant", items: [{ requirement: "Safety certificate", standing: "refused" }] },
      documents: [
        { requirement: "Liability insurance", required: true, standing: "valid", validUntil: "2099-12-31" },
        { requirement: "Quality plan", required: false, standing: "missing", validUntil: null },
        { requirement: "Safety certificate", required: true, standing: "refused", validUntil: null },
      ],
    });
    expect(byName[tenant.enterprise.name]).toMatchObject({
      status: "detached",
      compliance: { status: "compliant", items: [] },
      documents: [],
    });
  });

  it("answers 404 for an unknown contractor, and for an enterprise's id", async () => {
    expectError(await t.as(admin).get(`/api/admin/suppliers/${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await t.as(admin).get(`/api/admin/suppliers/${tenant.enterprise.id}`), 404, "NOT_FOUND");
  });
});

describe("GET /api/admin/enterprises", () => {
  it("lists every enterprise with its division, manager and contractor counts, searchable and paginated", async () => {
    const company = await createTenant(t.ctx);
    await rename("enterprises", company.enterprise.id, "Aaa Counted Refinery");
    await addAffiliation(t.ctx, company.enterprise.id, company.supplier.id, "affiliated");
    await addAffiliation(t.ctx, company.enterprise.id, tenant.supplier.id, "denied");
    const me = t.as(admin);
    // Accents are ignored: "Counted Réfinery" finds it.
    expect((await me.get(`/api/admin/enterprises?q=${encodeURIComponent("Counted Réfinery")}`)).json().total).toBe(1);
    const response = await me.get("/api/admin/enterprises?q=counted%20refinery");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: company.enterprise.id,
        name: "Aaa Counted Refinery",
        email: company.enterprise.email,
        phone: null,
        status: "active",
        createdAt: company.enterprise.createdAt.toISOString(),
        divisionCount: 2,
        managerCount: 3,
        contractorCount: 1,
      },
    ]);

    const pending = await pendingEnterpriseDemand(t.ctx);
    const waiting = (await me.get("/api/admin/enterprises?status=pending_verification&pageSize=100")).json();
    expect(waiting.data.map((e: { id: string }) => e.id)).toContain(pending.enterprise.id);
    expect(waiting.data.every((e: { status: string }) => e.status === "pending_verification")).toBe(true);
    const first = (await me.get("/api/admin/enterprises?pageSize=1")).json();
    expect(first.data).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(3);
  });

  it("answers an enterprise's profile with its accounts and its pending account request", async () => {
    const me = t.as(admin);
    const pending = await pendingEnterpriseDemand(t.ctx);
    const profile = await me.get(`/api/admin/enterprises/${pending.enterprise.id}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toMatchObject({
      id: pending.enterprise.id,
      status: "pending_verification",
      address: null,
      website: null,
      divisionCount: 1,
      managerCount: 0,
      contractorCount: 0,
      accounts: [
        {
          id: pending.requester.id,
          email: pending.requester.email,
          name: expect.any(String),
          phone: expect.any(String),
          status: "pending_verification",
        },
      ],
      pendingDemandId: pending.demandId,
    });
    const active = (await me.get(`/api/admin/enterprises/${tenant.enterprise.id}`)).json().data;
    expect(active).toMatchObject({ pendingDemandId: null, managerCount: 3 });
    // Its own accounts only: managers are counted, not listed.
    expect(active.accounts.map((a: { id: string }) => a.id)).toEqual([tenant.enterpriseUser.id]);
    expectError(await me.get(`/api/admin/enterprises/${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await me.get(`/api/admin/enterprises/${tenant.supplier.id}`), 404, "NOT_FOUND");
  });
});

describe("disabling and enabling a supplier", () => {
  it("closes the access of the supplier account and its employees at once, and opens it again", async () => {
    const company = await createTenant(t.ctx);
    const people = [company.supplierUser, company.employee];
    const sessions = await Promise.all(people.map((p) => signIn(t.app, p.email)));
    for (const s of sessions)
      expect((await get(t.app, "/api/supplier-company", { token: s.token })).statusCode).toBe(200);

    const disabled = await adminPost(`/api/admin/suppliers/${company.supplier.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ id: company.supplier.id, status: "disabled", employeeCount: 1 });
    for (const [i, person] of people.entries()) {
      expectError(await signInCall(person.email), 403, "ACCOUNT_DISABLED");
      // The live access token is refused at its next request, and its session cannot be refreshed.
      expectError(await get(t.app, "/api/supplier-company", { token: sessions[i]!.token }), 403, "ACCOUNT_DISABLED");
      expectError(
        await refreshCall(t.app, sessions[i]!.refreshCookie, person.email, t.ctx.config.publicUrl),
        401,
        "REFRESH_FAILED",
      );
    }
    const owner = { token: sessions[0]!.token };
    expectError(await get(t.app, "/api/employees", owner), 403, "ACCOUNT_DISABLED");
    expectError(
      await post(t.app, `/api/employees/${company.employee.id}/disable`, undefined, owner),
      403,
      "ACCOUNT_DISABLED",
    );
    // Twice is harmless; the people's own statuses are kept for when it comes back.
    expect((await adminPost(`/api/admin/suppliers/${company.supplier.id}/disable`)).json().data.status).toBe(
      "disabled",
    );
    const { rows } = await t.ctx.pool.query("SELECT status FROM users WHERE supplier_id = $1", [company.supplier.id]);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(["active", "active"]);

    const enabled = await adminPost(`/api/admin/suppliers/${company.supplier.id}/enable`);
    expect(enabled.json().data.status).toBe("active");
    expect((await adminPost(`/api/admin/suppliers/${company.supplier.id}/enable`)).json().data.status).toBe("active");
    for (const person of people) {
      const session = await signIn(t.app, person.email);
      expect((await get(t.app, "/api/supplier-company", { token: session.token })).statusCode).toBe(200);
    }
    // The old live tokens do not come back: the disable ended their sessions, and a token ends with its session.
    expectError(await get(t.app, "/api/supplier-company", owner), 401, "UNAUTHENTICATED");
  });

  it("refuses to enable a supplier that never confirmed its account (409), and answers 404 for an unknown one", async () => {
    const supplier = await createSupplierCompany(t.ctx);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'pending_confirmation' WHERE id = $1", [supplier.id]);
    await createUser(t.ctx, "Supplier", { supplierId: supplier.id }, "invited");
    expectError(await adminPost(`/api/admin/suppliers/${supplier.id}/enable`), 409, "CONFLICT");
    expect((await adminPost(`/api/admin/suppliers/${supplier.id}/disable`)).json().data.status).toBe("disabled");
    expectError(await adminPost(`/api/admin/suppliers/${supplier.id}/enable`), 409, "CONFLICT");
    for (const action of ["disable", "enable"]) {
      expectError(await adminPost(`/api/admin/suppliers/${UNKNOWN_ID}/${action}`), 404, "NOT_FOUND");
      expectError(await adminPost(`/api/admin/suppliers/${tenant.enterprise.id}/${action}`), 404, "NOT_FOUND");
    }
  });
});

describe("disabling and enabling an enterprise", () => {
  it("closes the access of the enterprise and its managers at once, and opens it again", async () => {
    const company = await createTenant(t.ctx);
    const people = [company.enterpriseUser, company.superResponsible, company.responsible];
    const sessions = await Promise.all(people.map((p) => signIn(t.app, p.email)));

    const disabled = await adminPost(`/api/admin/enterprises/${company.enterprise.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ status: "disabled", divisionCount: 2, managerCount: 3 });
    for (const [i, person] of people.entries()) {
      expectError(await signInCall(person.email), 403, "ACCOUNT_DISABLED");
      expectError(await get(t.app, "/api/divisions", { token: sessions[i]!.token }), 403, "ACCOUNT_DISABLED");
      expectError(
        await refreshCall(t.app, sessions[i]!.refreshCookie, person.email, t.ctx.config.publicUrl),
        401,
        "REFRESH_FAILED",
      );
    }
    // Its contractors are not its people: they keep their access.
    expect((await signIn(t.app, company.supplierUser.email)).token).toBeTruthy();

    const enabled = await adminPost(`/api/admin/enterprises/${company.enterprise.id}/enable`);
    expect(enabled.json().data.status).toBe("active");
    for (const person of people) {
      const session = await signIn(t.app, person.email);
      expect((await get(t.app, "/api/divisions", { token: session.token })).statusCode).toBe(200);
    }
  });

  it("refuses to enable an enterprise still waiting for approval (409): its request is approved instead", async () => {
    const pending = await pendingEnterpriseDemand(t.ctx);
    const url = `/api/admin/enterprises/${pending.enterprise.id}`;
    expectError(await adminPost(`${url}/enable`), 409, "CONFLICT");
    expect((await adminPost(`${url}/disable`)).json().data.status).toBe("disabled");
    expectError(await adminPost(`${url}/enable`), 409, "CONFLICT");
    const { enterprise } = await createEnterprise(t.ctx);
    await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id });
    expect((await adminPost(`/api/admin/enterprises/${enterprise.id}/enable`)).json().data.status).toBe("active");
    for (const action of ["disable", "enable"]) {
      expectError(await adminPost(`/api/admin/enterprises/${UNKNOWN_ID}/${action}`), 404, "NOT_FOUND");
    }
  });
});

describe("admin company routes: who may call", () => {
  it("refuses every role but the admin (403), and anonymous callers (401)", async () => {
    const calls = [
      (token?: string) => get(t.app, "/api/admin/suppliers", { token }),
      (token?: string) => get(t.app, `/api/admin/suppliers/${tenant.supplier.id}`, { token }),
      (token?: string) => post(t.app, `/api/admin/suppliers/${tenant.supplier.id}/disable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/admin/suppliers/${tenant.supplier.id}/enable`, undefined, { token }),
      (token?: string) => get(t.app, "/api/admin/enterprises", { token }),
      (token?: string) => get(t.app, `/api/admin/enterprises/${tenant.enterprise.id}`, { token }),
      (token?: string) => post(t.app, `/api/admin/enterprises/${tenant.enterprise.id}/disable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/admin/enterprises/${tenant.enterprise.id}/enable`, undefined, { token }),
    ];
    const refused = [
      tenant.enterpriseUser,
      tenant.superResponsible,
      tenant.responsible,
      tenant.supplierUser,
      tenant.employee,
    ];
    for (const person of refused) {
      const { token } = await t.as(person).call();
      for (const call of calls) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    const { rows } = await t.ctx.pool.query(
      "SELECT (SELECT status FROM suppliers WHERE id = $1) AS s, (SELECT status FROM enterprises WHERE id = $2) AS e",
      [tenant.supplier.id, tenant.enterprise.id],
    );
    expect(rows[0]).toEqual({ s: "active", e: "active" });
  });
});
