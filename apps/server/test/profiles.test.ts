import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, signIn, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, patch } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

/** An access token per person, signed in once. */
async function tokenOf(person: TPerson) {
  if (!tokens.has(person.id)) tokens.set(person.id, (await signIn(t.app, person.email)).token);
  return tokens.get(person.id)!;
}

const nameOf = async (person: TPerson) =>
  (await t.ctx.pool.query("SELECT name FROM users WHERE id = $1", [person.id])).rows[0].name as string;

async function read(caller: TPerson, target: TPerson, role: string = target.role) {
  return get(t.app, `/api/${role}/${target.id}`, { token: await tokenOf(caller) });
}

describe("GET /api/{role}/{id}", () => {
  it("gives each of the six roles its own profile, with the parent the spec names", async () => {
    const parentOfDivision = {
      id: tenant.division.id,
      name: tenant.division.name,
      enterpriseId: tenant.enterprise.id,
      enterpriseName: tenant.enterprise.name,
    };
    const expected: [TPerson, Record<string, unknown>][] = [
      [admin, {}],
      [tenant.enterpriseUser, { company: { id: tenant.enterprise.id, name: tenant.enterprise.name } }],
      [tenant.superResponsible, { division: parentOfDivision }],
      [tenant.responsible, { division: parentOfDivision }],
      [tenant.supplierUser, { company: { id: tenant.supplier.id, name: tenant.supplier.name } }],
      [
        tenant.employee,
        {
          fournisseur: { id: tenant.supplier.id, name: tenant.supplier.name, enterpriseId: null, enterpriseName: null },
        },
      ],
    ];
    for (const [person, parent] of expected) {
      const response = await read(person, person);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        id: person.id,
        name: await nameOf(person),
        email: person.email,
        role: person.role,
        ...parent,
      });
    }
  });

  it("shows someone the caller may see", async () => {
    const allowed: [TPerson, TPerson][] = [
      [admin, tenant.employee],
      [tenant.enterpriseUser, tenant.responsible],
      [tenant.superResponsible, tenant.responsible],
      [tenant.supplierUser, tenant.employee],
      [tenant.employee, tenant.supplierUser],
    ];
    for (const [caller, target] of allowed) {
      const response = await read(caller, target);
      expect({ caller: caller.role, status: response.statusCode }).toEqual({ caller: caller.role, status: 200 });
      expect(response.json().data.id).toBe(target.id);
    }
  });

  it("answers 404 USER_NOT_FOUND for anyone the caller may not see", async () => {
    const employee2 = await createUser(t.ctx, "Employee", { supplierId: tenant.supplier.id });
    const forbidden: [string, TPerson, TPerson][] = [
      ["another tenant's enterprise user", tenant.enterpriseUser, other.enterpriseUser],
      ["another tenant's manager", tenant.enterpriseUser, other.responsible],
      ["another supplier's employee", tenant.supplierUser, other.employee],
      ["another employee of the same supplier", tenant.employee, employee2],
      ["a responsible of another division", tenant.responsible, tenant.otherDivisionResponsible],
      ["a super-responsible of another division", tenant.otherDivisionResponsible, tenant.superResponsible],
      ["the admin", tenant.enterpriseUser, admin],
    ];
    for (const [what, caller, target] of forbidden) {
      const response = await read(caller, target);
      expect({ what, status: response.statusCode, code: response.json().error?.code }).toEqual({
        what,
        status: 404,
        code: "USER_NOT_FOUND",
      });
    }
  });

  it("answers 404 for a wrong role segment, an unknown id or a non-uuid id", async () => {
    const me = tenant.responsible;
    for (const role of ["Supplier", "SuperResponsible", "responsible", "RESPONSIBLE", "Nobody"]) {
      expectError(await read(me, me, role), 404, "USER_NOT_FOUND");
    }
    const token = await tokenOf(me);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "'%20OR%201=1"]) {
      expectError(await get(t.app, `/api/Responsible/${id}`, { token }), 404, "USER_NOT_FOUND");
    }
  });

  it("needs a signed-in caller", async () => {
    expectError(await get(t.app, `/api/Responsible/${tenant.responsible.id}`), 401, "UNAUTHENTICATED");
  });
});

describe("GET and PATCH /api/auth/me", () => {
  it("gives the caller's own account", async () => {
    const response = await get(t.app, "/api/auth/me", { token: await tokenOf(tenant.responsible) });
    expect(response.json().data).toMatchObject({
      id: tenant.responsible.id,
      email: tenant.responsible.email,
      role: "Responsible",
      phone: "+33 1 23 45 67 89",
      language: "en",
      status: "active",
      division: { id: tenant.division.id, enterpriseId: tenant.enterprise.id },
    });
    expectError(await get(t.app, "/api/auth/me"), 401, "UNAUTHENTICATED");
  });

  it("updates name, phone and language, and the profile shows them", async () => {
    const person = await createUser(t.ctx, "Employee", { supplierId: tenant.supplier.id });
    const token = await tokenOf(person);
    const response = await patch(
      t.app,
      "/api/auth/me",
      { name: "  Léa Moreau ", phone: "+33 7 00 00 00 01", language: "fr" },
      { token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: "Léa Moreau", phone: "+33 7 00 00 00 01", language: "fr" });
    expect((await patch(t.app, "/api/auth/me", { language: "en" }, { token })).json().data).toMatchObject({
      name: "Léa Moreau",
      language: "en",
    });
    expect((await read(person, person)).json().data.name).toBe("Léa Moreau");
  });

  it("validates the changes", async () => {
    const token = await tokenOf(tenant.supplierUser);
    expectFields(await patch(t.app, "/api/auth/me", {}, { token }), { _: "atLeastOneField" });
    expectFields(await patch(t.app, "/api/auth/me", { phone: "not a phone" }, { token }), {
      phone: "invalidNumberFormat",
    });
    expectFields(await patch(t.app, "/api/auth/me", { name: "", phone: "" }, { token }), {
      name: "nameRequired",
      phone: "phoneRequired",
    });
    expectFields(await patch(t.app, "/api/auth/me", { name: "x".repeat(51) }, { token }), { name: "max50" });
    expectFields(await patch(t.app, "/api/auth/me", { language: "de" }, { token }), { language: "invalidValue" });
    expectFields(await patch(t.app, "/api/auth/me", null, { token }), { _: "invalidValue" });
  });

  it("ignores fields one may not change (role, e-mail, status)", async () => {
    const person = await createUser(t.ctx, "Employee", { supplierId: tenant.supplier.id });
    const token = await tokenOf(person);
    const response = await patch(
      t.app,
      "/api/auth/me",
      { name: "Still Employee", role: "Admin", email: "taken@example.com", status: "disabled" },
      { token },
    );
    expect(response.json().data).toMatchObject({ role: "Employee", email: person.email, status: "active" });
  });
});
