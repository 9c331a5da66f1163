import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEnterprise, createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post } from "./helpers/http";
import { addSector, UNKNOWN_ID } from "./helpers/organisation";
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

let names = 0;
const divisionBody = (overrides: Record<string, unknown> = {}) => {
  names += 1;
  return {
    name: `East Yard ${names}`,
    description: "Loading bays and the rail spur",
    address: "4 avenue du Port",
    province: "Rhône",
    postalCode: "69007",
    country: "France",
    ...overrides,
  };
};

async function createDivision(overrides: Record<string, unknown> = {}) {
  const response = await t.as(tenant.enterpriseUser).post("/api/divisions", divisionBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; name: string };
}

describe("divisions: the enterprise manages them", () => {
  it("creates, reads, edits and deletes a division", async () => {
    const me = t.as(tenant.enterpriseUser);
    const body = divisionBody({ name: "  Coke Plant  " });
    const created = await me.post("/api/divisions", body);
    expect(created.statusCode).toBe(201);
    const division = created.json().data;
    expect(division).toEqual({
      ...body,
      name: "Coke Plant",
      id: expect.any(String),
      createdAt: expect.any(String),
      sectorCount: 0,
      peopleCount: 0,
    });
    expect((await me.get(`/api/divisions/${division.id}`)).json().data).toEqual(division);

    const changed = divisionBody({ name: "Coke Plant 2", description: "Batteries", country: "Belgique" });
    const edited = await me.patch(`/api/divisions/${division.id}`, changed);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ ...changed, id: division.id });

    expect((await me.del(`/api/divisions/${division.id}`)).statusCode).toBe(204);
    expectError(await me.get(`/api/divisions/${division.id}`), 404, "NOT_FOUND");
    expectError(await me.del(`/api/divisions/${division.id}`), 404, "NOT_FOUND");
  });

  it("lists its own divisions by name, with search, paging and what each holds", async () => {
    const { enterprise, division } = await createEnterprise(t.ctx);
    const owner = await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id });
    const me = t.as(owner);
    for (const name of ["Zinc Works", "alpha Yard", "Boiler House"]) {
      expect((await me.post("/api/divisions", divisionBody({ name }))).statusCode).toBe(201);
    }
    await addSector(t.ctx, division);
    await createUser(t.ctx, "Responsible", { enterpriseId: enterprise.id, divisionId: division.id });

    const all = (await me.get("/api/divisions")).json();
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(all.data.map((d: { name: string }) => d.name)).toEqual([
      "alpha Yard",
      "Boiler House",
      division.name,
      "Zinc Works",
    ]);
    // The factory's division has no province or postal code: it still reads, as empty texts.
    expect(all.data[2]).toMatchObject({ sectorCount: 1, peopleCount: 1, province: "", postalCode: "" });

    const page2 = (await me.get("/api/divisions?pageSize=3&page=2")).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page2.data.map((d: { name: string }) => d.name)).toEqual(["Zinc Works"]);
    const found = (await me.get("/api/divisions?q=YARD")).json();
    expect(found.data.map((d: { name: string }) => d.name)).toEqual(["alpha Yard"]);
    // LIKE wildcards are searched for literally.
    expect((await me.get("/api/divisions?q=%25")).json().total).toBe(0);
  });

  it("keeps names unique within an enterprise, whatever the case", async () => {
    const me = t.as(tenant.enterpriseUser);
    const first = await createDivision({ name: "Tank Farm West" });
    const again = await me.post("/api/divisions", divisionBody({ name: "tank farm west" }));
    expect(expectError(again, 409, "DIVISION_NAME_TAKEN").fields).toEqual({ name: "DIVISION_NAME_TAKEN" });
    const second = await createDivision({ name: "Tank Farm East" });
    const renamed = await me.patch(`/api/divisions/${second.id}`, divisionBody({ name: "TANK FARM WEST" }));
    expectError(renamed, 409, "DIVISION_NAME_TAKEN");
    // Keeping its own name is no conflict; another enterprise may use the name.
    const same = await me.patch(`/api/divisions/${first.id}`, divisionBody({ name: "Tank Farm West" }));
    expect(same.statusCode).toBe(200);
    const elsewhere = await post(
      t.app,
      "/api/divisions",
      divisionBody({ name: "Tank Farm West" }),
      await t.as(other.enterpriseUser).call(),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses to delete a division that holds live sectors or people, saying what holds it", async () => {
    const me = t.as(tenant.enterpriseUser);
    const division = await createDivision();
    const row = { id: division.id, enterpriseId: tenant.enterprise.id };
    const sector = await addSector(t.ctx, row);
    await addSector(t.ctx, row);
    const person = await createUser(t.ctx, "Responsible", { enterpriseId: tenant.enterprise.id, divisionId: row.id });

    const refused = expectError(await me.del(`/api/divisions/${division.id}`), 409, "DIVISION_NOT_EMPTY");
    expect(refused.details).toEqual({ sectors: 2, people: 1, permits: 0, emergencies: 0 });

    await t.ctx.pool.query("DELETE FROM users WHERE id = $1", [person.id]);
    await t.ctx.pool.query("UPDATE sectors SET deleted_at = now() WHERE division_id = $1 AND id <> $2", [
      division.id,
      sector.id,
    ]);
    expect(expectError(await me.del(`/api/divisions/${division.id}`), 409, "DIVISION_NOT_EMPTY").details).toEqual({
      sectors: 1,
      people: 0,
      permits: 0,
      emergencies: 0,
    });

    // Soft-deleted sectors do not hold a division: they go with it.
    expect((await me.del(`/api/sectors/${sector.id}`)).statusCode).toBe(204);
    expect((await me.del(`/api/divisions/${division.id}`)).statusCode).toBe(204);
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM sectors WHERE division_id = $1", [
      division.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("keeps a division that has records: an emergency stop declared for it is history, not a 500", async () => {
    const me = t.as(tenant.enterpriseUser);
    const division = await createDivision();
    const sector = await addSector(t.ctx, { id: division.id, enterpriseId: tenant.enterprise.id });
    const declared = await me.post("/api/emergencies", {
      divisionId: division.id,
      sectorId: sector.id,
      reason: "Drill",
    });
    expect(declared.statusCode, declared.body).toBe(201);
    expect((await me.post(`/api/emergencies/${declared.json().data.id}/lift`, {})).statusCode).toBe(200);
    expect((await me.del(`/api/sectors/${sector.id}`)).statusCode).toBe(204);
    const refused = expectError(await me.del(`/api/divisions/${division.id}`), 409, "DIVISION_NOT_EMPTY");
    expect(refused.details).toEqual({ sectors: 0, people: 0, permits: 0, emergencies: 1 });
    expect((await me.get(`/api/divisions/${division.id}`)).statusCode).toBe(200);
  });

  it("validates every field, on create and on edit", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    const required = {
      name: "nameRequired",
      description: "descriptionRequired",
      address: "addressRequired",
      province: "provinceRequired",
      postalCode: "postalCodeRequired",
      country: "countryRequired",
    };
    expectFields(await post(t.app, "/api/divisions", {}, me), required);
    const blank = Object.fromEntries(Object.keys(required).map((k) => [k, "   "]));
    expectFields(await post(t.app, "/api/divisions", blank, me), required);
    expectFields(
      await post(
        t.app,
        "/api/divisions",
        divisionBody({
          name: "x".repeat(51),
          description: "x".repeat(251),
          address: "x".repeat(151),
          province: "x".repeat(51),
          postalCode: "x".repeat(51),
          country: "x".repeat(51),
        }),
        me,
      ),
      {
        name: "max50",
        description: "max250",
        address: "max150",
        province: "max50",
        postalCode: "max50",
        country: "max50",
      },
    );
    expectFields(await post(t.app, "/api/divisions", divisionBody({ name: "A" }), me), { name: "min2" });
    const edges = divisionBody({ name: "AB", description: "x".repeat(250), address: "x".repeat(150) });
    expect((await post(t.app, "/api/divisions", edges, me)).statusCode).toBe(201);

    const division = await createDivision();
    // An edit sends the whole division: a missing field is refused, not kept.
    expectFields(await patch(t.app, `/api/divisions/${division.id}`, { name: "Only a name" }, me), {
      description: "descriptionRequired",
      address: "addressRequired",
      province: "provinceRequired",
      postalCode: "postalCodeRequired",
      country: "countryRequired",
    });
    expectFields(await get(t.app, "/api/divisions/not-a-uuid", me), { id: "invalidValue" });
    expectFields(await get(t.app, "/api/divisions?pageSize=500", me), { pageSize: "invalidValue" });
  });
});

describe("divisions: scope and access", () => {
  it("shows a super-responsible and a responsible their own division only", async () => {
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const me = t.as(person);
      const list = (await me.get("/api/divisions")).json();
      expect(list.total).toBe(1);
      expect(list.data.map((d: { id: string }) => d.id)).toEqual([tenant.division.id]);
      expect((await me.get(`/api/divisions/${tenant.division.id}`)).statusCode).toBe(200);
      expectError(await me.get(`/api/divisions/${tenant.otherDivision.id}`), 404, "NOT_FOUND");
      expectError(await me.get(`/api/divisions/${other.division.id}`), 404, "NOT_FOUND");
    }
  });

  it("answers 404 for another enterprise's division and an unknown id, and changes nothing", async () => {
    const me = t.as(tenant.enterpriseUser);
    const theirs = `/api/divisions/${other.division.id}`;
    expectError(await me.get(theirs), 404, "NOT_FOUND");
    expectError(await me.patch(theirs, divisionBody({ name: "Taken Over" })), 404, "NOT_FOUND");
    expectError(await me.del(theirs), 404, "NOT_FOUND");
    expectError(await me.get(`/api/divisions/${UNKNOWN_ID}`), 404, "NOT_FOUND");
    const list = (await me.get("/api/divisions?pageSize=100")).json();
    expect(list.data.map((d: { id: string }) => d.id)).not.toContain(other.division.id);
    const { rows } = await t.ctx.pool.query("SELECT name FROM divisions WHERE id = $1", [other.division.id]);
    expect(rows[0].name).toBe(other.division.name);
  });

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    const id = tenant.division.id;
    const calls = [
      (token?: string) => get(t.app, "/api/divisions", { token }),
      (token?: string) => get(t.app, `/api/divisions/${id}`, { token }),
      (token?: string) => post(t.app, "/api/divisions", divisionBody(), { token }),
      (token?: string) => patch(t.app, `/api/divisions/${id}`, divisionBody(), { token }),
      (token?: string) => del(t.app, `/api/divisions/${id}`, { token }),
    ];
    for (const person of [admin, tenant.supplierUser, tenant.employee]) {
      const { token } = await t.as(person).call();
      for (const call of calls) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const { token } = await t.as(person).call();
      for (const call of calls.slice(2)) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    expect((await t.as(tenant.enterpriseUser).get(`/api/divisions/${id}`)).json().data.name).toBe(tenant.division.name);
  });

  it("closes the organisation to an enterprise that is not active", async () => {
    const { enterprise } = await createEnterprise(t.ctx);
    const owner = await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id });
    const me = t.as(owner);
    expect((await me.get("/api/divisions")).statusCode).toBe(200);
    await t.ctx.pool.query("UPDATE enterprises SET status = 'disabled' WHERE id = $1", [enterprise.id]);
    expectError(await me.get("/api/divisions"), 403, "ACCOUNT_DISABLED");
    await t.ctx.pool.query("UPDATE enterprises SET status = 'pending_verification' WHERE id = $1", [enterprise.id]);
    expectError(await me.post("/api/divisions", divisionBody()), 403, "ACCOUNT_INACTIVE");
  });
});
