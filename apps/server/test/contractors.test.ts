import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../src/db/schema";
import { nextMail } from "./helpers/accounts";
import { affiliate, affiliationStatus, createSupplierWithPeople } from "./helpers/affiliations";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { textOf } from "./helpers/mail";
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

const list = async (by: TPerson, query = "") => t.as(by).get(`/api/contractors${query}`);
const profile = async (by: TPerson, id: string) => t.as(by).get(`/api/contractors/${id}`);
const detach = async (by: TPerson, id: string, body?: unknown) => t.as(by).post(`/api/contractors/${id}/detach`, body);
const reaffiliate = async (by: TPerson, id: string) => t.as(by).post(`/api/contractors/${id}/reaffiliate`, {});

/** A contractor of the tenant in `status`, with a second employee (invited) and a disabled one. */
async function contractor(status: "affiliated" | "detached" | "invited" | "requested" | "denied" | "cancelled") {
  const s = await createSupplierWithPeople(t.ctx);
  const invitedEmployee = await createUser(t.ctx, "Employee", { supplierId: s.supplier.id }, "invited");
  const disabledEmployee = await createUser(t.ctx, "Employee", { supplierId: s.supplier.id }, "disabled");
  await affiliate(t.ctx, tenant.enterprise.id, s.supplier.id, status, tenant.enterpriseUser);
  return { ...s, invitedEmployee, disabledEmployee };
}

describe("GET /api/contractors", () => {
  it("lists the enterprise's affiliated and detached contractors only, for each principal role", async () => {
    const fresh = await createTenant(t.ctx);
    const made: Record<string, string> = {};
    for (const status of ["affiliated", "detached", "invited", "requested", "denied", "cancelled"] as const) {
      const s = await createSupplierWithPeople(t.ctx);
      await affiliate(t.ctx, fresh.enterprise.id, s.supplier.id, status);
      made[status] = s.supplier.id;
    }
    const elsewhere = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, other.enterprise.id, elsewhere.supplier.id);
    for (const person of [fresh.enterpriseUser, fresh.superResponsible, fresh.responsible]) {
      const page = (await list(person)).json();
      expect(page.total).toBe(2);
      expect(page.data.map((c: { id: string }) => c.id).sort()).toEqual([made.affiliated, made.detached].sort());
    }
    const detached = (await list(fresh.enterpriseUser, "?status=detached")).json();
    expect(detached.data.map((c: { id: string }) => c.id)).toEqual([made.detached]);
    expectFields(await list(fresh.enterpriseUser, "?status=invited"), { status: "invalidValue" });
  });

  it("gives each contractor's summary with its logo's address and its employee count", async () => {
    const s = await contractor("affiliated");
    const [file] = await t.ctx.db
      .insert(files)
      .values({
        storageKey: randomBytes(16).toString("hex"),
        contentType: "image/png",
        byteSize: 10,
        width: 64,
        height: 32,
        sha256: "0".repeat(64),
      })
      .returning();
    await t.ctx.pool.query("UPDATE suppliers SET logo_file_id = $1 WHERE id = $2", [file!.id, s.supplier.id]);
    const page = (await list(tenant.responsible, `?q=${s.supplier.name}`)).json();
    expect(page).toMatchObject({ total: 1 });
    expect(page.data[0]).toEqual({
      id: s.supplier.id,
      name: s.supplier.name,
      email: s.supplier.email,
      phone: null,
      logo: {
        url: `/api/suppliers/${s.supplier.id}/logo?v=${file!.id}`,
        contentType: "image/png",
        width: 64,
        height: 32,
        updatedAt: file!.createdAt.toISOString(),
      },
      affiliationStatus: "affiliated",
      since: expect.any(String),
      // The active and the invited employee; not the disabled one.
      employeeCount: 2,
      compliance: { status: "compliant", items: [] },
    });
  });

  it("refuses the supplier's people and the admin (403)", async () => {
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      expectError(await list(person), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/contractors/:id", () => {
  it("shows the profile with the employees' names, never their e-mails, and the history newest first", async () => {
    const s = await contractor("affiliated");
    expect((await detach(tenant.superResponsible, s.supplier.id, { remark: "Contract ended" })).statusCode).toBe(200);
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      const response = await profile(person, s.supplier.id);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        id: s.supplier.id,
        affiliationStatus: "detached",
        address: null,
        website: null,
        employeeCount: 2,
      });
      expect(data.employees.map((e: { id: string }) => e.id).sort()).toEqual(
        [s.employee.id, s.invitedEmployee.id].sort(),
      );
      expect(Object.keys(data.employees[0]).sort()).toEqual(["id", "name"]);
      expect(data.history).toEqual([
        {
          id: expect.any(String),
          status: "detached",
          at: expect.any(String),
          actor: { id: tenant.superResponsible.id, name: expect.any(String), role: "SuperResponsible" },
          remark: "Contract ended",
        },
        expect.objectContaining({ status: "affiliated", actor: expect.objectContaining({ role: "Enterprise" }) }),
      ]);
      for (const email of [s.employee.email, s.invitedEmployee.email, s.disabledEmployee.email, s.supplierUser.email]) {
        expect(response.body).not.toContain(email);
      }
    }
  });

  it("does not show a contractor that is not affiliated or detached, nor another enterprise's (404)", async () => {
    for (const status of ["invited", "requested", "denied", "cancelled"] as const) {
      const s = await contractor(status);
      expectError(await profile(tenant.enterpriseUser, s.supplier.id), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");
    }
    const theirs = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, other.enterprise.id, theirs.supplier.id);
    expectError(await profile(tenant.enterpriseUser, theirs.supplier.id), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");
    expectError(await profile(tenant.responsible, UNKNOWN_ID), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");
    const listed = (await list(tenant.enterpriseUser, "?pageSize=100")).json().data.map((c: { id: string }) => c.id);
    expect(listed).not.toContain(theirs.supplier.id);
    expectFields(await profile(tenant.enterpriseUser, "nope"), { id: "invalidValue" });
  });
});

describe("POST /api/contractors/:id/detach and /reaffiliate", () => {
  it("lets the enterprise detach and reaffiliate; accepting again keeps the full history", async () => {
    const s = await contractor("affiliated");
    const detached = await detach(tenant.enterpriseUser, s.supplier.id);
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().data.affiliationStatus).toBe("detached");

    const mail = nextMail(t, s.supplierUser.email);
    const invited = await reaffiliate(tenant.enterpriseUser, s.supplier.id);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({
      direction: "invitation",
      status: "pending",
      // As every invitation, it names the company once accepted (docs/decisions.md).
      supplier: null,
      email: s.supplierUser.email,
    });
    expect(textOf(await mail)).toContain(tenant.enterprise.name);
    // Invited again, it is no contractor until it accepts.
    expectError(await profile(tenant.enterpriseUser, s.supplier.id), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");

    const accepted = await t.as(s.supplierUser).post(`/api/demands/${invited.json().data.id}/approve`, {});
    expect(accepted.statusCode).toBe(200);
    const history = (await profile(tenant.responsible, s.supplier.id)).json().data.history;
    expect(history.map((e: { status: string }) => e.status)).toEqual([
      "affiliated",
      "invited",
      "detached",
      "affiliated",
    ]);
  });

  it("lets a super-responsible detach and reaffiliate, and refuses the other roles (403)", async () => {
    const s = await contractor("affiliated");
    for (const person of [tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await detach(person, s.supplier.id), 403, "FORBIDDEN");
    }
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("affiliated");
    expect((await detach(tenant.superResponsible, s.supplier.id)).statusCode).toBe(200);
    for (const person of [tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await reaffiliate(person, s.supplier.id), 403, "FORBIDDEN");
    }
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("detached");
    expect((await reaffiliate(tenant.superResponsible, s.supplier.id)).statusCode).toBe(201);
  });

  it("refuses to detach what is not affiliated and to reaffiliate what is not ended (409)", async () => {
    const s = await contractor("detached");
    expectError(await detach(tenant.enterpriseUser, s.supplier.id), 409, "CONFLICT");
    const affiliated = await contractor("affiliated");
    expectError(await reaffiliate(tenant.enterpriseUser, affiliated.supplier.id), 409, "ALREADY_AFFILIATED");
    expect((await reaffiliate(tenant.enterpriseUser, s.supplier.id)).statusCode).toBe(201);
    expectError(await reaffiliate(tenant.enterpriseUser, s.supplier.id), 409, "AFFILIATION_PENDING");
  });

  it("does not reach another enterprise's contractor (404)", async () => {
    const theirs = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, other.enterprise.id, theirs.supplier.id);
    expectError(await detach(tenant.enterpriseUser, theirs.supplier.id), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");
    expectError(await reaffiliate(tenant.enterpriseUser, theirs.supplier.id), 404, "CONTRACTOR_OR_COMPANY_NOT_LISTED");
    expect(await affiliationStatus(t.ctx, other.enterprise.id, theirs.supplier.id)).toBe("affiliated");
  });
});
