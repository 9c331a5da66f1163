import type { TSiteSector, TSubSector } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFields } from "./helpers/http";
import { grant, png } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// docs/decisions.md "A sector without a plan": created without an image, its sub-sectors listed (not placed) until
// a plan is added, then placed on it.

let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

let nextNumber = 900;
async function sectorWithoutPlan(person = w.enterpriseUser) {
  nextNumber += 1;
  const response = await t.as(person).post("/api/sectors", {
    name: `Jetty ${nextNumber}`,
    divisionId: w.division.id,
    gatheringPoint: "Gate 4",
    number: nextNumber,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; map: unknown };
}

async function unplaced(sectorId: string, name: string, person = w.enterpriseUser) {
  const response = await t.as(person).post("/api/sub-sectors", { name, sectorId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TSubSector;
}

describe("a sector without a plan", () => {
  it("is created without an image; its sub-sectors are listed unplaced, and placed once a plan is added", async () => {
    const me = t.as(w.enterpriseUser);
    const sector = await sectorWithoutPlan();
    expect(sector.map).toBeNull();
    const berth = await unplaced(sector.id, "Berth 1");
    expect(berth).toMatchObject({ name: "Berth 1", sectorId: sector.id, x: null, y: null });
    const explicit = await me.post("/api/sub-sectors", { name: "Berth 2", sectorId: sector.id, x: null, y: null });
    expect(explicit.statusCode, explicit.body).toBe(201);
    expect(explicit.json().data).toMatchObject({ x: null, y: null });
    const listed = (await me.get(`/api/sub-sectors?sectorId=${sector.id}`)).json().data as TSubSector[];
    expect(listed.map(({ name, x, y }) => ({ name, x, y }))).toEqual([
      { name: "Berth 1", x: null, y: null },
      { name: "Berth 2", x: null, y: null },
    ]);
    // Renaming one keeps it unplaced.
    const renamed = await me.patch(`/api/sub-sectors/${berth.id}`, { name: "Berth 1A" });
    expect(renamed.json().data).toMatchObject({ name: "Berth 1A", x: null, y: null });

    // The plan comes later; then each is placed, and can be taken off it again.
    const plan = { data: png(40, 25), filename: "plan.png", type: "image/png" };
    const uploaded = await me.upload("PUT", `/api/sectors/${sector.id}/map`, "map", plan);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data.map).toMatchObject({ width: 40, height: 25 });
    const placed = await me.patch(`/api/sub-sectors/${berth.id}`, { x: 0.5, y: 0.25 });
    expect(placed.json().data).toMatchObject({ name: "Berth 1A", x: 0.5, y: 0.25 });
    const off = await me.patch(`/api/sub-sectors/${berth.id}`, { x: null, y: null });
    expect(off.json().data).toMatchObject({ x: null, y: null });
  });

  it("takes both coordinates or neither, in the API and in the database", async () => {
    const me = t.as(w.enterpriseUser);
    const sector = await sectorWithoutPlan();
    expectFields(await me.post("/api/sub-sectors", { name: "Half", sectorId: sector.id, x: 0.5 }), {
      y: "invalidValue",
    });
    expectFields(await me.post("/api/sub-sectors", { name: "Half", sectorId: sector.id, x: null, y: 0.5 }), {
      y: "invalidValue",
    });
    const berth = await unplaced(sector.id, "Berth 3");
    expectFields(await me.patch(`/api/sub-sectors/${berth.id}`, { x: 0.5 }), { y: "invalidValue" });
    expectFields(await me.patch(`/api/sub-sectors/${berth.id}`, { x: null, y: 0.5 }), { y: "invalidValue" });
    await expect(t.ctx.pool.query("UPDATE sub_sectors SET x = 0.5 WHERE id = $1", [berth.id])).rejects.toThrow(
      /sub_sectors_position_fraction/,
    );
    await expect(t.ctx.pool.query("UPDATE sub_sectors SET x = 2, y = 0.5 WHERE id = $1", [berth.id])).rejects.toThrow(
      /sub_sectors_position_fraction/,
    );
  });

  it("lets the division's super-responsible do the same; a responsible is refused, another enterprise finds nothing", async () => {
    const sector = await sectorWithoutPlan(w.superResponsible);
    const berth = await unplaced(sector.id, "Berth 4", w.superResponsible);
    await grant(t.ctx, w.responsible.id, sector.id, "verifier");
    const responsible = t.as(w.responsible);
    expectError(await responsible.post("/api/sub-sectors", { name: "Mine", sectorId: sector.id }), 403, "FORBIDDEN");
    expect((await responsible.get(`/api/sub-sectors/${berth.id}`)).json().data).toMatchObject({ x: null, y: null });
    const stranger = t.as(w.otherTenant.enterpriseUser);
    expectError(await stranger.post("/api/sub-sectors", { name: "Theirs", sectorId: sector.id }), 404, "NOT_FOUND");
    expectError(await stranger.patch(`/api/sub-sectors/${berth.id}`, { x: 0.1, y: 0.1 }), 404, "NOT_FOUND");
    expectError(await stranger.get(`/api/sub-sectors/${berth.id}`), 404, "NOT_FOUND");
  });

  it("is read by the live site map and by a permit naming one of its unplaced sub-sectors", async () => {
    await t.ctx.pool.query("UPDATE sub_sectors SET x = NULL, y = NULL WHERE id = $1", [w.subSector.id]);
    const drafted = await t.as(w.employee).post("/api/permits", completeDraft(w));
    expect(drafted.statusCode, drafted.body).toBe(201);
    const permit = await t.as(w.employee).get(`/api/permits/${drafted.json().data.id}`);
    expect(permit.statusCode, permit.body).toBe(200);
    expect(permit.json().data.subSector).toMatchObject({ id: w.subSector.id, x: null, y: null });
    const site = await t.as(w.enterpriseUser).get(`/api/site-map/sectors/${w.sector.id}?tz=Europe/Paris`);
    expect(site.statusCode, site.body).toBe(200);
    const places = (site.json().data as TSiteSector).subSectors;
    expect(places).toEqual([{ id: w.subSector.id, name: w.subSector.name, x: null, y: null }]);
  });
});
