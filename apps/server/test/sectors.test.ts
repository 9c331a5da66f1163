import { V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post } from "./helpers/http";
import { addSector, addSubSector, grant, UNKNOWN_ID } from "./helpers/organisation";
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

let numbers = 0;
const sectorBody = (overrides: Record<string, unknown> = {}) => {
  numbers += 1;
  return {
    name: `Crude unit ${numbers}`,
    divisionId: tenant.division.id,
    gatheringPoint: "Gate 3",
    number: numbers,
    ...overrides,
  };
};
const ids = (response: { json(): { data: { id: string }[] } }) => response.json().data.map((s) => s.id);

describe("sectors: create, read, edit, delete", () => {
  it("creates a sector in a division and reads it back", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    // A number's text is not a number: the document says integer, and the server takes what it says.
    const asText = await post(t.app, "/api/sectors", sectorBody({ number: "412" }), me);
    expectFields(asText, { number: V.invalidNumberFormat });
    const body = sectorBody({ name: "  Distillation ", number: 412 });
    const created = await post(t.app, "/api/sectors", body, me);
    expect(created.statusCode).toBe(201);
    const sector = created.json().data;
    expect(sector).toEqual({
      id: expect.any(String),
      name: "Distillation",
      number: 412,
      gatheringPoint: "Gate 3",
      division: { id: tenant.division.id, name: tenant.division.name },
      map: null,
      subSectorCount: 0,
      createdAt: expect.any(String),
    });
    expect((await get(t.app, `/api/sectors/${sector.id}`, me)).json().data).toEqual(sector);

    const edited = await patch(
      t.app,
      `/api/sectors/${sector.id}`,
      { gatheringPoint: "Muster point B", number: 413 },
      me,
    );
    expect(edited.json().data).toMatchObject({
      id: sector.id,
      name: "Distillation",
      gatheringPoint: "Muster point B",
      number: 413,
    });
  });

  it("keeps numbers unique within a division, not across divisions or with deleted sectors", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    expect((await post(t.app, "/api/sectors", sectorBody({ number: 77 }), me)).statusCode).toBe(201);
    const taken = expectError(
      await post(t.app, "/api/sectors", sectorBody({ number: 77 }), me),
      409,
      "SECTOR_NUMBER_TAKEN",
    );
    expect(taken.fields).toEqual({ number: "SECTOR_NUMBER_TAKEN" });
    const elsewhere = await post(
      t.app,
      "/api/sectors",
      sectorBody({ number: 77, divisionId: tenant.otherDivision.id }),
      me,
    );
    expect(elsewhere.statusCode).toBe(201);
    // Moving a sector into a division where its number is taken is the same conflict.
    const moved = await patch(
      t.app,
      `/api/sectors/${elsewhere.json().data.id}`,
      { divisionId: tenant.division.id },
      me,
    );
    expectError(moved, 409, "SECTOR_NUMBER_TAKEN");

    const second = (await post(t.app, "/api/sectors", sectorBody({ number: 78 }), me)).json().data;
    expectError(await patch(t.app, `/api/sectors/${second.id}`, { number: 77 }, me), 409, "SECTOR_NUMBER_TAKEN");
    expect((await del(t.app, `/api/sectors/${second.id}`, me)).statusCode).toBe(204);
    expect((await post(t.app, "/api/sectors", sectorBody({ number: 78 }), me)).statusCode).toBe(201);
  });

  it("validates every field", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    expectFields(await post(t.app, "/api/sectors", {}, me), {
      name: "nameRequired",
      divisionId: "divisionRequired",
      gatheringPoint: "gatheringPointRequired",
      number: "invalidNumberFormat",
    });
    expectFields(
      await post(t.app, "/api/sectors", sectorBody({ name: "x", gatheringPoint: " ", divisionId: "north" }), me),
      { name: "min2", gatheringPoint: "gatheringPointRequired", divisionId: "divisionRequired" },
    );
    expectFields(
      await post(t.app, "/api/sectors", sectorBody({ name: "x".repeat(51), gatheringPoint: "x".repeat(151) }), me),
      { name: "max50", gatheringPoint: "max150" },
    );
    for (const number of [0, -3, 1.5, "twelve", 100_000, null]) {
      expectFields(await post(t.app, "/api/sectors", sectorBody({ number }), me), { number: "invalidNumberFormat" });
    }
    const edge = await post(
      t.app,
      "/api/sectors",
      sectorBody({ number: 99_999, name: "AB", gatheringPoint: "x".repeat(150) }),
      me,
    );
    expect(edge.statusCode).toBe(201);
    const id = edge.json().data.id;
    expectFields(await patch(t.app, `/api/sectors/${id}`, {}, me), { _: "atLeastOneField" });
    expectFields(await patch(t.app, `/api/sectors/${id}`, { name: "" }, me), { name: "nameRequired" });
    expectFields(await get(t.app, "/api/sectors?divisionId=nope", me), { divisionId: "invalidValue" });
  });

  it("soft-deletes a sector with its sub-sectors and matrix cells; the rows stay for permits", async () => {
    const me = t.as(tenant.enterpriseUser);
    const sector = await addSector(t.ctx, tenant.division);
    const subSector = await addSubSector(t.ctx, sector.id);
    await grant(t.ctx, tenant.responsible.id, sector.id, "both");
    expect((await me.del(`/api/sectors/${sector.id}`)).statusCode).toBe(204);

    expectError(await me.get(`/api/sectors/${sector.id}`), 404, "NOT_FOUND");
    expectError(await me.get(`/api/sub-sectors/${subSector.id}`), 404, "NOT_FOUND");
    expect(ids(await me.get("/api/sectors?pageSize=100"))).not.toContain(sector.id);
    expectError(await me.patch(`/api/sectors/${sector.id}`, { name: "Back again" }), 404, "NOT_FOUND");
    expectError(await me.del(`/api/sectors/${sector.id}`), 404, "NOT_FOUND");
    const { rows } = await t.ctx.pool.query(
      `SELECT s.name, s.deleted_at IS NOT NULL AS gone, ss.deleted_at IS NOT NULL AS sub_gone,
              (SELECT count(*)::int FROM sector_permissions WHERE sector_id = s.id) AS cells
         FROM sectors s JOIN sub_sectors ss ON ss.sector_id = s.id WHERE s.id = $1`,
      [sector.id],
    );
    expect(rows[0]).toEqual({ name: sector.name, gone: true, sub_gone: true, cells: 0 });
  });
});

describe("sectors: lists", () => {
  it("lists by division and number, filters by division and searches names and numbers", async () => {
    const t2 = await createTenant(t.ctx);
    const me = t.as(t2.enterpriseUser);
    const a = await addSector(t.ctx, t2.division, { name: "Tank farm", number: 20 });
    const b = await addSector(t.ctx, t2.division, { name: "Jetty", number: 3 });
    const c = await addSector(t.ctx, t2.otherDivision, { name: "Flare stack", number: 1 });
    await addSubSector(t.ctx, a.id, "Tank T-3");
    await addSubSector(t.ctx, a.id, "Tank T-4");
    const divisionsByName = [t2.division, t2.otherDivision].sort((x, y) =>
      x.name.toLowerCase().localeCompare(y.name.toLowerCase()),
    );
    const expected = divisionsByName[0]!.id === t2.division.id ? [b.id, a.id, c.id] : [c.id, b.id, a.id];

    const all = await me.get("/api/sectors");
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(ids(all)).toEqual(expected);
    expect(all.json().data.find((s: { id: string }) => s.id === a.id).subSectorCount).toBe(2);
    expect(ids(await me.get(`/api/sectors?divisionId=${t2.division.id}`))).toEqual([b.id, a.id]);
    expect(ids(await me.get("/api/sectors?q=TANK"))).toEqual([a.id]);
    expect(ids(await me.get("/api/sectors?q=3"))).toEqual([b.id]);
    const page = await me.get("/api/sectors?pageSize=2&page=2");
    expect(page.json()).toMatchObject({ total: 3, page: 2 });
    expect(ids(page)).toEqual(expected.slice(2));
  });
});

describe("sectors: scope and access", () => {
  it("lets a super-responsible manage the sectors of its own division only", async () => {
    const me = t.as(tenant.superResponsible);
    const created = await me.post("/api/sectors", sectorBody());
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await me.patch(`/api/sectors/${id}`, { name: "Renamed by the site" })).statusCode).toBe(200);

    expectError(await me.post("/api/sectors", sectorBody({ divisionId: tenant.otherDivision.id })), 404, "NOT_FOUND");
    // It cannot move a sector out of its division.
    expectError(await me.patch(`/api/sectors/${id}`, { divisionId: tenant.otherDivision.id }), 404, "NOT_FOUND");
    const theirs = await addSector(t.ctx, tenant.otherDivision);
    expectError(await me.get(`/api/sectors/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await me.patch(`/api/sectors/${theirs.id}`, { name: "Not mine" }), 404, "NOT_FOUND");
    expectError(await me.del(`/api/sectors/${theirs.id}`), 404, "NOT_FOUND");
    const listed = (await me.get("/api/sectors?pageSize=100")).json().data as { division: { id: string } }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((s) => s.division.id === tenant.division.id)).toBe(true);
    expect((await me.get(`/api/sectors?divisionId=${tenant.otherDivision.id}`)).json().total).toBe(0);
    expect((await me.del(`/api/sectors/${id}`)).statusCode).toBe(204);
  });

  it("lets the enterprise move a sector to another division, which clears its matrix cells", async () => {
    const me = t.as(tenant.enterpriseUser);
    const sector = await addSector(t.ctx, tenant.division);
    await grant(t.ctx, tenant.responsible.id, sector.id, "verifier");
    const moved = await me.patch(`/api/sectors/${sector.id}`, { divisionId: tenant.otherDivision.id });
    expect(moved.json().data.division).toEqual({ id: tenant.otherDivision.id, name: tenant.otherDivision.name });
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = $1", [
      sector.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("shows a responsible the sectors it has a matrix role in, read-only", async () => {
    const responsible = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const me = t.as(responsible);
    const mine = await addSector(t.ctx, tenant.division);
    const notMine = await addSector(t.ctx, tenant.division);
    expect((await me.get("/api/sectors")).json().total).toBe(0);
    await grant(t.ctx, responsible.id, mine.id, "approver");
    expect(ids(await me.get("/api/sectors"))).toEqual([mine.id]);
    expect((await me.get(`/api/sectors/${mine.id}`)).statusCode).toBe(200);
    expectError(await me.get(`/api/sectors/${notMine.id}`), 404, "NOT_FOUND");
    expectError(await me.post("/api/sectors", sectorBody()), 403, "FORBIDDEN");
    expectError(await me.patch(`/api/sectors/${mine.id}`, { name: "Mine now" }), 403, "FORBIDDEN");
    expectError(await me.del(`/api/sectors/${mine.id}`), 403, "FORBIDDEN");
  });

  it("answers 404 for another enterprise's sectors and divisions", async () => {
    const me = t.as(tenant.enterpriseUser);
    const theirs = await addSector(t.ctx, other.division);
    expectError(await me.get(`/api/sectors/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await me.patch(`/api/sectors/${theirs.id}`, { name: "Taken over" }), 404, "NOT_FOUND");
    expectError(await me.del(`/api/sectors/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await me.post("/api/sectors", sectorBody({ divisionId: other.division.id })), 404, "NOT_FOUND");
    const mine = await addSector(t.ctx, tenant.division);
    expectError(await me.patch(`/api/sectors/${mine.id}`, { divisionId: other.division.id }), 404, "NOT_FOUND");
    expectError(await me.get(`/api/sectors/${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expect((await me.get(`/api/sectors?divisionId=${other.division.id}`)).json().total).toBe(0);
    const { rows } = await t.ctx.pool.query("SELECT name, deleted_at FROM sectors WHERE id = $1", [theirs.id]);
    expect(rows[0]).toEqual({ name: theirs.name, deleted_at: null });
  });

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const calls = [
      (token?: string) => get(t.app, "/api/sectors", { token }),
      (token?: string) => get(t.app, `/api/sectors/${sector.id}`, { token }),
      (token?: string) => post(t.app, "/api/sectors", sectorBody(), { token }),
      (token?: string) => patch(t.app, `/api/sectors/${sector.id}`, { name: "Nope" }, { token }),
      (token?: string) => del(t.app, `/api/sectors/${sector.id}`, { token }),
    ];
    for (const person of [admin, tenant.supplierUser, tenant.employee]) {
      const { token } = await t.as(person).call();
      // Contractors read the sectors of an affiliated enterprise, naming it (contractor-reads.test.ts).
      const reads = person === admin ? [] : calls.slice(0, 2);
      for (const call of reads) expectError(await call(token), 400, "VALIDATION_FAILED");
      for (const call of calls.filter((c) => !reads.includes(c))) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    expect((await t.as(tenant.enterpriseUser).get(`/api/sectors/${sector.id}`)).json().data.name).toBe(sector.name);
  });
});
