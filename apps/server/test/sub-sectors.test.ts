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

const names = (response: { json(): { data: { name: string }[] } }) => response.json().data.map((s) => s.name);

describe("sub-sectors: placed on their sector's map", () => {
  it("creates, reads, moves, renames and deletes a sub-sector", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    const sector = await addSector(t.ctx, tenant.division);
    const created = await post(
      t.app,
      "/api/sub-sectors",
      { name: " Pump house P-12 ", sectorId: sector.id, x: 0, y: 1 },
      me,
    );
    expect(created.statusCode).toBe(201);
    const subSector = created.json().data;
    expect(subSector).toEqual({
      id: expect.any(String),
      name: "Pump house P-12",
      sectorId: sector.id,
      sectorName: sector.name,
      x: 0,
      y: 1,
      createdAt: expect.any(String),
    });
    expect((await get(t.app, `/api/sub-sectors/${subSector.id}`, me)).json().data).toEqual(subSector);
    expect((await get(t.app, `/api/sectors/${sector.id}`, me)).json().data.subSectorCount).toBe(1);

    // Dragging the marker sends the new position alone.
    const moved = await patch(t.app, `/api/sub-sectors/${subSector.id}`, { x: 0.4375, y: 0.125 }, me);
    expect(moved.json().data).toMatchObject({ name: "Pump house P-12", x: 0.4375, y: 0.125 });
    const renamed = await patch(t.app, `/api/sub-sectors/${subSector.id}`, { name: "Pump house P-14" }, me);
    expect(renamed.json().data).toMatchObject({ name: "Pump house P-14", x: 0.4375, y: 0.125 });

    expect((await del(t.app, `/api/sub-sectors/${subSector.id}`, me)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/sub-sectors/${subSector.id}`, me), 404, "NOT_FOUND");
    expectError(await patch(t.app, `/api/sub-sectors/${subSector.id}`, { x: 0.5, y: 0.5 }, me), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/sub-sectors/${subSector.id}`, me), 404, "NOT_FOUND");
    expect((await get(t.app, `/api/sectors/${sector.id}`, me)).json().data.subSectorCount).toBe(0);
    const { rows } = await t.ctx.pool.query(
      "SELECT name, deleted_at IS NOT NULL AS gone FROM sub_sectors WHERE id = $1",
      [subSector.id],
    );
    expect(rows[0]).toEqual({ name: "Pump house P-14", gone: true });
  });

  it("lists by name, filtered by sector, division or a search", async () => {
    const t2 = await createTenant(t.ctx);
    const me = t.as(t2.enterpriseUser);
    const a = await addSector(t.ctx, t2.division);
    const b = await addSector(t.ctx, t2.otherDivision);
    await addSubSector(t.ctx, a.id, "Tank farm T-3");
    await addSubSector(t.ctx, a.id, "control room");
    await addSubSector(t.ctx, b.id, "Jetty head");
    const gone = await addSubSector(t.ctx, b.id, "Old pier");
    await t.ctx.pool.query("UPDATE sub_sectors SET deleted_at = now() WHERE id = $1", [gone.id]);

    const all = await me.get("/api/sub-sectors");
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(names(all)).toEqual(["control room", "Jetty head", "Tank farm T-3"]);
    expect(names(await me.get(`/api/sub-sectors?sectorId=${a.id}`))).toEqual(["control room", "Tank farm T-3"]);
    expect(names(await me.get(`/api/sub-sectors?divisionId=${t2.otherDivision.id}`))).toEqual(["Jetty head"]);
    expect(names(await me.get("/api/sub-sectors?q=t-3"))).toEqual(["Tank farm T-3"]);
    expect(names(await me.get("/api/sub-sectors?pageSize=1&page=3"))).toEqual(["Tank farm T-3"]);
  });

  it("validates name, sector and position", async () => {
    const me = t.as(tenant.enterpriseUser);
    const sector = await addSector(t.ctx, tenant.division);
    // No position: a sub-sector may be listed unplaced (sector-without-plan.test.ts).
    expectFields(await me.post("/api/sub-sectors", {}), { name: "nameRequired", sectorId: "invalidValue" });
    const place = (x: unknown, y: unknown) => me.post("/api/sub-sectors", { name: "Flare", sectorId: sector.id, x, y });
    expectFields(await place(-0.01, 1.01), { x: "invalidValue", y: "invalidValue" });
    expectFields(await place("0.5", 0.5), { x: "invalidNumberFormat" });
    expectFields(await me.post("/api/sub-sectors", { name: "F", sectorId: sector.id, x: 0.5, y: 0.5 }), {
      name: "min2",
    });
    expectFields(await me.post("/api/sub-sectors", { name: "x".repeat(51), sectorId: sector.id, x: 0.5, y: 0.5 }), {
      name: "max50",
    });
    const subSector = await addSubSector(t.ctx, sector.id);
    expectFields(await me.patch(`/api/sub-sectors/${subSector.id}`, {}), { _: "atLeastOneField" });
    expectFields(await me.patch(`/api/sub-sectors/${subSector.id}`, { x: 2, y: 0.5 }), { x: "invalidValue" });
    expectError(
      await me.post("/api/sub-sectors", { name: "Flare", sectorId: UNKNOWN_ID, x: 0.5, y: 0.5 }),
      404,
      "NOT_FOUND",
    );
  });

  it("cannot be placed on a deleted sector", async () => {
    const me = t.as(tenant.enterpriseUser);
    const sector = await addSector(t.ctx, tenant.division);
    expect((await me.del(`/api/sectors/${sector.id}`)).statusCode).toBe(204);
    const response = await me.post("/api/sub-sectors", { name: "Flare", sectorId: sector.id, x: 0.5, y: 0.5 });
    expectError(response, 404, "NOT_FOUND");
  });
});

describe("sub-sectors: scope and access", () => {
  it("lets a super-responsible manage those of its own division only", async () => {
    const me = await t.as(tenant.superResponsible).call();
    const mine = await addSector(t.ctx, tenant.division);
    const theirs = await addSector(t.ctx, tenant.otherDivision);
    const created = await post(
      t.app,
      "/api/sub-sectors",
      { name: "Pump house", sectorId: mine.id, x: 0.1, y: 0.2 },
      me,
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await patch(t.app, `/api/sub-sectors/${id}`, { x: 0.3, y: 0.3 }, me)).statusCode).toBe(200);
    expectError(
      await post(t.app, "/api/sub-sectors", { name: "Pump house", sectorId: theirs.id, x: 0.1, y: 0.2 }, me),
      404,
      "NOT_FOUND",
    );
    const foreign = await addSubSector(t.ctx, theirs.id);
    expectError(await get(t.app, `/api/sub-sectors/${foreign.id}`, me), 404, "NOT_FOUND");
    expectError(await patch(t.app, `/api/sub-sectors/${foreign.id}`, { x: 0.3, y: 0.3 }, me), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/sub-sectors/${foreign.id}`, me), 404, "NOT_FOUND");
    expect(names(await get(t.app, `/api/sub-sectors?sectorId=${theirs.id}`, me))).toEqual([]);
    expect((await del(t.app, `/api/sub-sectors/${id}`, me)).statusCode).toBe(204);
  });

  it("shows a responsible those of the sectors it has a matrix role in, read-only", async () => {
    const responsible = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const me = t.as(responsible);
    const mine = await addSector(t.ctx, tenant.division);
    const notMine = await addSector(t.ctx, tenant.division);
    const visible = await addSubSector(t.ctx, mine.id, "Visible");
    const hidden = await addSubSector(t.ctx, notMine.id, "Hidden");
    await grant(t.ctx, responsible.id, mine.id, "verifier");
    expect(names(await me.get("/api/sub-sectors"))).toEqual(["Visible"]);
    expect((await me.get(`/api/sub-sectors/${visible.id}`)).statusCode).toBe(200);
    expectError(await me.get(`/api/sub-sectors/${hidden.id}`), 404, "NOT_FOUND");
    expectError(
      await me.post("/api/sub-sectors", { name: "Mine", sectorId: mine.id, x: 0.1, y: 0.1 }),
      403,
      "FORBIDDEN",
    );
    expectError(await me.patch(`/api/sub-sectors/${visible.id}`, { x: 0.1, y: 0.1 }), 403, "FORBIDDEN");
    expectError(await me.del(`/api/sub-sectors/${visible.id}`), 403, "FORBIDDEN");
  });

  it("answers 404 for another enterprise's sub-sectors and sectors", async () => {
    const me = t.as(tenant.enterpriseUser);
    const sector = await addSector(t.ctx, other.division);
    const theirs = await addSubSector(t.ctx, sector.id);
    expectError(await me.get(`/api/sub-sectors/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await me.patch(`/api/sub-sectors/${theirs.id}`, { name: "Taken over" }), 404, "NOT_FOUND");
    expectError(await me.del(`/api/sub-sectors/${theirs.id}`), 404, "NOT_FOUND");
    expectError(
      await me.post("/api/sub-sectors", { name: "Intruder", sectorId: sector.id, x: 0.1, y: 0.1 }),
      404,
      "NOT_FOUND",
    );
    expect((await me.get(`/api/sub-sectors?sectorId=${sector.id}`)).json().total).toBe(0);
    const { rows } = await t.ctx.pool.query("SELECT name, deleted_at FROM sub_sectors WHERE id = $1", [theirs.id]);
    expect(rows[0]).toEqual({ name: theirs.name, deleted_at: null });
  });

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const subSector = await addSubSector(t.ctx, sector.id);
    const calls = [
      (token?: string) => get(t.app, "/api/sub-sectors", { token }),
      (token?: string) => get(t.app, `/api/sub-sectors/${subSector.id}`, { token }),
      (token?: string) => post(t.app, "/api/sub-sectors", { name: "Nope", sectorId: sector.id, x: 0, y: 0 }, { token }),
      (token?: string) => patch(t.app, `/api/sub-sectors/${subSector.id}`, { x: 0.9, y: 0.9 }, { token }),
      (token?: string) => del(t.app, `/api/sub-sectors/${subSector.id}`, { token }),
    ];
    for (const person of [admin, tenant.supplierUser, tenant.employee]) {
      const { token } = await t.as(person).call();
      // Contractors list the sub-sectors of an affiliated enterprise, naming it (contractor-reads.test.ts).
      const reads = person === admin ? [] : calls.slice(0, 1);
      for (const call of reads) expectError(await call(token), 400, "VALIDATION_FAILED");
      for (const call of calls.filter((c) => !reads.includes(c))) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    expect((await t.as(tenant.enterpriseUser).get(`/api/sub-sectors/${subSector.id}`)).json().data.x).toBe(0.25);
  });
});
