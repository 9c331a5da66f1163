import type { TPermitDraft } from "@openpermit/shared";
import { expect } from "vitest";
import { workTypes } from "../../src/db/schema";
import { postAcknowledging } from "./clash-acknowledging";
import type { TPerson } from "./factories";
import { post } from "./http";
import { addSector, grant } from "./organisation";
import { actionBody, clonePermit, completeDraft, createPermitWorld, tokenFor, workTypeTicks } from "./permits";
import type { TTestApp } from "./test-app";

/**
 * Gives a permit's history known times: its creation, then each workflow event in the order it happened. The
 * permit's own `created_at` and `sent_at` (its last send) follow, as the workflow would have written them.
 */
export async function retime(t: TTestApp, permitId: string, createdAt: string, times: string[]) {
  const { rows } = await t.ctx.pool.query<{ id: string; action: string }>(
    `SELECT id, action FROM permit_events WHERE permit_id = $1 AND action NOT IN ('create', 'edit')
     ORDER BY created_at, id`,
    [permitId],
  );
  expect(rows.map((row) => row.action)).toHaveLength(times.length);
  await t.ctx.pool.query(
    "UPDATE permit_events SET created_at = $2 WHERE permit_id = $1 AND action IN ('create', 'edit')",
    [permitId, createdAt],
  );
  let lastSend: string | null = null;
  for (const [i, row] of rows.entries()) {
    await t.ctx.pool.query("UPDATE permit_events SET created_at = $2 WHERE id = $1", [row.id, times[i]]);
    if (row.action === "send") lastSend = times[i]!;
  }
  await t.ctx.pool.query("UPDATE permits SET created_at = $2, sent_at = $3 WHERE id = $1", [
    permitId,
    createdAt,
    lastSend,
  ]);
}

/**
 * The statistics data set, every figure known (see statistics.test.ts). In division A: sector S1 (the world's) and
 * S2 "Jetty"; in division B the world's other sector. Work types Welding (the world's) and Lifting.
 */
export async function createStatisticsWorld(t: TTestApp) {
  const w = await createPermitWorld(t.ctx);
  const jetty = await addSector(t.ctx, w.division, { name: "Jetty" });
  await grant(t.ctx, w.verifier.id, jetty.id, "both");
  const [lifting] = await t.ctx.db
    .insert(workTypes)
    .values({ enterpriseId: w.enterprise.id, kind: "general", name: "Lifting", checklist: ["Lift plan"] })
    .returning();

  const act = async (id: string, action: string, person: TPerson, remark?: string) => {
    // Its permits share places and windows: the harness acknowledges their clashes (clash-acknowledging.ts).
    const response = await postAcknowledging(
      t.app,
      `/api/permits/${id}/${action}`,
      actionBody(action, remark ? { remark } : {}),
      { token: await tokenFor(t.ctx, person) },
    );
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  };
  const make = async (person: TPerson, overrides: Partial<TPermitDraft> = {}) => {
    const response = await post(t.app, "/api/permits", completeDraft(w, overrides), {
      token: await tokenFor(t.ctx, person),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const low = { probabilityId: w.probability.low.id, severityId: w.severity.low.id };
  const elsewhere = {
    sectorId: w.otherSector.id,
    checklist: workTypeTicks(w),
    riskIds: [],
    specificRiskIds: [],
    epiIds: [],
  };

  const p1 = await make(w.employee);
  await act(p1, "send", w.employee);
  await act(p1, "verify", w.verifier);
  await act(p1, "approve", w.approver);
  await retime(t, p1, "2026-01-05T08:00:00Z", ["2026-01-10T08:00:00Z", "2026-01-10T10:00:00Z", "2026-01-10T14:00:00Z"]);

  const p2 = await make(w.employee);
  await act(p2, "send", w.employee);
  await act(p2, "recheck", w.verifier, "Add the gas test");
  await act(p2, "send", w.employee);
  await act(p2, "verify", w.verifier);
  await act(p2, "approve", w.approver);
  await act(p2, "accept", w.employee);
  await retime(t, p2, "2026-01-19T08:00:00Z", [
    "2026-01-20T09:00:00Z",
    "2026-01-20T10:00:00Z",
    "2026-01-21T09:00:00Z",
    "2026-01-22T09:00:00Z",
    "2026-01-22T12:00:00Z",
    "2026-01-23T07:00:00Z",
  ]);

  const p3 = await make(w.otherSupplier.employee, {
    workTypeId: lifting!.id,
    checklist: [
      { source: "workType", sourceId: lifting!.id, index: 0, checked: true },
      { source: "specificRisk", sourceId: w.specificRisk.id, index: 0, checked: true },
    ],
  });
  await act(p3, "send", w.otherSupplier.employee);
  await act(p3, "reject", w.verifier, "Not this week");
  await retime(t, p3, "2026-02-01T08:00:00Z", ["2026-02-03T08:00:00Z", "2026-02-03T08:30:00Z"]);

  const p4 = await make(w.enterpriseUser, low);
  await act(p4, "send", w.enterpriseUser);
  await act(p4, "verify", w.verifier);
  await retime(t, p4, "2026-02-09T08:00:00Z", ["2026-02-10T08:00:00Z", "2026-02-10T09:00:00Z"]);

  const p5 = await make(w.employee, { sectorId: jetty.id });
  await act(p5, "send", w.employee);
  await retime(t, p5, "2026-02-14T08:00:00Z", ["2026-02-15T08:00:00Z"]);

  const p6 = await make(w.employee, elsewhere);
  await act(p6, "send", w.employee);
  await act(p6, "verify", w.otherDivisionResponsible);
  await retime(t, p6, "2026-01-11T08:00:00Z", ["2026-01-12T08:00:00Z", "2026-01-12T08:30:00Z"]);

  await make(w.employee); // a draft never sent: never counted

  const p8 = await make(w.employee);
  await act(p8, "send", w.employee);
  // 31 December in UTC, but already 1 January in Paris.
  await retime(t, p8, "2025-12-30T08:00:00Z", ["2025-12-31T23:30:00Z"]);

  return { ...w, jetty, lifting: lifting!, permits: { p1, p2, p3, p4, p5, p6, p8 } };
}
export type TStatisticsWorld = Awaited<ReturnType<typeof createStatisticsWorld>>;

/**
 * Twelve sectors "Zone 01".."Zone 12" of division B with one permit each sent in June 2025, and two more in
 * Zone 07: the largest ten and one "Other" of two sectors. Copies of a sent permit, with one send event each.
 */
export async function addManySectors(t: TTestApp, w: TStatisticsWorld) {
  for (let n = 1; n <= 12; n++) {
    const zone = await addSector(t.ctx, w.otherDivision, { name: `Zone ${String(n).padStart(2, "0")}` });
    for (let copy = 0; copy < (n === 7 ? 3 : 1); copy++) {
      const id = await clonePermit(t.ctx, w.permits.p6, "sended");
      const at = `2025-06-${String(n + 1).padStart(2, "0")}T10:00:00Z`;
      await t.ctx.pool.query("UPDATE permits SET sector_id = $2, created_at = $3, sent_at = $4 WHERE id = $1", [
        id,
        zone.id,
        "2025-06-01T08:00:00Z",
        at,
      ]);
      await t.ctx.pool.query(
        `INSERT INTO permit_events (permit_id, action, from_status, to_status, created_at)
         VALUES ($1, 'send', 'pending', 'sended', $2)`,
        [id, at],
      );
    }
  }
}
