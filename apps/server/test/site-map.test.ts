import type { TSiteSector, TSiteSectors } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError, post } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
let url: string;
/** In progress at the sub-sector, past its end (overdue). */
let overdueId: string;
/** Approved for today, for the whole sector (no sub-sector), suspended by a manager. */
let suspendedId: string;
/** A draft never sent, a cancelled permit, a permit of next week: none is on the map. */
const offMap: string[] = [];

async function draftId(overrides: Parameters<typeof completeDraft>[1] = {}) {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const hour = 3_600_000;
  overdueId = await draftId({ subSectorId: w.subSector.id });
  await putInStatus(t.ctx, overdueId, "In_progress", {
    startAt: new Date(Date.now() - 5 * hour),
    endAt: new Date(Date.now() - hour),
  });
  suspendedId = await draftId({ subSectorId: null });
  await putInStatus(t.ctx, suspendedId, "Approved", {
    suspendedAt: new Date(),
    suspendedBy: w.verifier.id,
    suspensionReason: "Gas alarm",
  });
  offMap.push(await draftId());
  const cancelled = await draftId();
  await putInStatus(t.ctx, cancelled, "Canceled");
  offMap.push(cancelled);
  const nextWeek = await draftId({
    startAt: new Date(Date.now() + 7 * 24 * hour).toISOString(),
    endAt: new Date(Date.now() + 7 * 24 * hour + 2 * hour).toISOString(),
  });
  await putInStatus(t.ctx, nextWeek, "Approved");
  offMap.push(nextWeek);
  // An isolation point of the sector, applied (not yet proven), and one released: only the first is in place.
  const { rows: points } = await t.ctx.pool.query<{ id: string }>(
    `INSERT INTO isolation_points (enterprise_id, sector_id, sub_sector_id, tag, equipment, energy, method, x, y)
     VALUES ($1, $2, $3, 'EL-101', 'Pump P-1 motor', 'electrical', 'Rack out breaker', 0.4, 0.6),
            ($1, $2, NULL, 'EL-102', 'Pump P-2 motor', 'electrical', 'Rack out breaker', NULL, NULL) RETURNING id`,
    [w.enterprise.id, w.sector.id, w.subSector.id],
  );
  await t.ctx.pool.query(
    `INSERT INTO isolation_applications (point_id, lock_number, applied_by, applied_at, released_by, released_at)
     VALUES ($1, 'L-1', $3, now(), NULL, NULL), ($2, 'L-2', $3, now() - interval '2 hours', $3, now())`,
    [points[0]!.id, points[1]!.id, w.verifier.id],
  );
});
afterAll(async () => t.close());

const sectorsOf = async (person: TPerson, query = "") => {
  const response = await t.as(person).get(`/api/site-map/sectors?tz=Europe/Paris${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TSiteSectors;
};
const sectorOf = async (person: TPerson, id = w.sector.id) => {
  const response = await t.as(person).get(`/api/site-map/sectors/${id}?tz=Europe/Paris`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TSiteSector;
};

describe("the live site map", () => {
  it("counts, per sector, the permits in progress, suspended, overdue and on the map today, and the isolations in place", async () => {
    const { sectors } = await sectorsOf(w.enterpriseUser);
    const sector = sectors.find((s) => s.id === w.sector.id);
    expect(sector).toMatchObject({
      name: w.sector.name,
      divisionId: w.division.id,
      inProgress: 1,
      suspended: 1,
      overdue: 1,
      today: 2,
      isolationsInPlace: 1,
      emergency: false,
    });
    expect(sectors.find((s) => s.id === w.otherSector.id)).toMatchObject({ inProgress: 0, today: 0 });
  });

  it("draws one sector: its sub-sectors, each permit with its place and marks, the isolations in place", async () => {
    const live = await sectorOf(w.superResponsible);
    expect(live.subSectors.map((s) => s.id)).toEqual([w.subSector.id]);
    expect(live.truncated).toBe(false);
    // In progress first.
    expect(live.permits.map((p) => p.id)).toEqual([overdueId, suspendedId]);
    expect(live.permits[0]).toMatchObject({
      status: "In_progress",
      subSectorId: w.subSector.id,
      overdue: true,
      suspended: false,
      levelColour: "#e03131",
    });
    expect(live.permits[1]).toMatchObject({ status: "Approved", subSectorId: null, suspended: true, overdue: false });
    for (const id of offMap) expect(live.permits.some((p) => p.id === id)).toBe(false);
    expect(live.isolations).toEqual([
      expect.objectContaining({ tag: "EL-101", subSectorId: w.subSector.id, x: 0.4, y: 0.6, proven: false }),
    ]);
  });

  it("marks the sectors under an emergency stop", async () => {
    const declared = await t
      .as(w.enterpriseUser)
      .post("/api/emergencies", { divisionId: w.otherDivision.id, sectorId: w.otherSector.id, reason: "Fire drill" });
    expect(declared.statusCode, declared.body).toBe(201);
    const { sectors } = await sectorsOf(w.enterpriseUser);
    expect(sectors.find((s) => s.id === w.otherSector.id)?.emergency).toBe(true);
    expect(sectors.find((s) => s.id === w.sector.id)?.emergency).toBe(false);
  });

  it("shows each of the principal's staff only the sectors it sees, of one division when asked", async () => {
    // The sector's Verifier (a Responsible of the division with a role there) sees it; one of another division does not.
    expect((await sectorsOf(w.verifier)).sectors.map((s) => s.id)).toEqual([w.sector.id]);
    expect((await sectorsOf(w.otherDivisionResponsible)).sectors.map((s) => s.id)).toEqual([w.otherSector.id]);
    expectError(await t.as(w.otherDivisionResponsible).get(`/api/site-map/sectors/${w.sector.id}`), 404, "NOT_FOUND");
    // A SuperResponsible sees its division, not another's (404: existence is private).
    expect((await sectorsOf(w.superResponsible)).sectors.map((s) => s.id)).toEqual([w.sector.id]);
    expectError(
      await t.as(w.superResponsible).get(`/api/site-map/sectors?divisionId=${w.otherDivision.id}`),
      404,
      "NOT_FOUND",
    );
    // The enterprise picks a division.
    const one = await sectorsOf(w.enterpriseUser, `&divisionId=${w.otherDivision.id}`);
    expect(one.sectors.map((s) => s.id)).toEqual([w.otherSector.id]);
  });

  it("is refused to contractors and the admin, and another enterprise's sectors do not exist for the caller", async () => {
    for (const person of [w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get("/api/site-map/sectors"), 403, "FORBIDDEN");
      expectError(await t.as(person).get(`/api/site-map/sectors/${w.sector.id}`), 403, "FORBIDDEN");
    }
    const stranger = w.otherTenant.enterpriseUser;
    expect((await sectorsOf(stranger)).sectors.some((s) => s.id === w.sector.id)).toBe(false);
    expectError(await t.as(stranger).get(`/api/site-map/sectors/${w.sector.id}`), 404, "NOT_FOUND");
    expectError(await t.as(stranger).get(`/api/site-map/sectors?divisionId=${w.division.id}`), 404, "NOT_FOUND");
    expectError(await t.as(w.enterpriseUser).get(`/api/site-map/sectors/${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await t.as(w.enterpriseUser).get("/api/site-map/sectors?tz=Mars/Olympus"), 400, "VALIDATION_FAILED");
  });
});

/** A notification stream opened by a real HTTP request; `sites()` are the sectors of its `site` events so far. */
async function openStream(person: TPerson) {
  const ticket = await post(t.app, "/api/notifications/stream-ticket", undefined, await t.as(person).call());
  expect(ticket.statusCode, ticket.body).toBe(200);
  const controller = new AbortController();
  const response = await fetch(
    `${url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.json().data.ticket)}`,
    { signal: controller.signal },
  );
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    sites: () =>
      received
        .split("\n\n")
        .filter((block) => block.startsWith("event: site\n"))
        .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)).sectorId as string),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

async function eventually(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within the time limit");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the live site map's refresh", () => {
  it("tells the streams of the staff who see the sector that it changed, and nobody else", async () => {
    const watchers = await Promise.all([w.enterpriseUser, w.superResponsible, w.responsible].map(openStream));
    const others = await Promise.all(
      [w.otherDivisionResponsible, w.supplierUser, w.otherTenant.enterpriseUser].map(openStream),
    );
    const id = await draftId();
    expect((await t.as(w.employee).post(`/api/permits/${id}/send`, undefined)).statusCode).toBe(200);
    for (const stream of watchers) await eventually(() => stream.sites().includes(w.sector.id));
    // The others are given the same time to (wrongly) receive it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of others) expect(stream.sites()).toEqual([]);

    // An isolation applied in the sector is a change on its map too.
    await t.ctx.pool.query(
      `INSERT INTO isolation_applications (point_id, lock_number, applied_by, applied_at)
       SELECT id, 'L-9', $2, now() FROM isolation_points WHERE sector_id = $1 AND tag = 'EL-102'`,
      [w.sector.id, w.verifier.id],
    );
    await eventually(() => watchers[0]!.sites().filter((s) => s === w.sector.id).length >= 2);
    await Promise.all([...watchers, ...others].map((s) => s.close()));
  });
});
