import type { TPermitStatus } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { clonePermit, completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/** The goal of docs/performance.md: a page of 50 permits in at most this many bytes of JSON. */
const PAGE_BYTES_MAX = 25_000;
const PERMITS = 55;

let t: TTestApp;
let w: TPermitWorld;

/** A title as long as real ones run (~80 characters), different for each permit. */
const titleOf = (i: number) =>
  `Replace the mechanical seal of crude charge pump P-${100 + i}B and hydrotest line 12-CS-${4000 + i}`.slice(0, 80);

const STATUSES: TPermitStatus[] = ["In_progress", "accepted", "Approved", "Confirmed", "sended", "Ended"];

/** Names as long as a refinery's: the list shows several of them on every row. */
async function realisticNames() {
  const q = (text: string, values: unknown[]) => t.ctx.pool.query(text, values);
  await q("UPDATE enterprises SET name = $2 WHERE id = $1", [w.enterprise.id, "Rhône Valley Refining & Chemicals"]);
  await q("UPDATE divisions SET name = $2 WHERE id = $1", [w.division.id, "Northern Process Division"]);
  await q("UPDATE sectors SET name = $2 WHERE id = $1", [w.sector.id, "Crude Distillation Unit 3"]);
  await q("UPDATE sub_sectors SET name = $2 WHERE id = $1", [w.subSector.id, "Pump house P-100 (north bay)"]);
  await q("UPDATE suppliers SET name = $2 WHERE id = $1", [w.supplier.id, "Dupont Maintenance Industrielle SARL"]);
  await q("UPDATE work_types SET name = $2, gas_test_required = true WHERE id = $1", [
    w.workType.id,
    "Hot work: welding and cutting",
  ]);
  await q("UPDATE users SET name = $2 WHERE id = $1", [w.employee.id, "Marie-Claire Fontaine-Dubois"]);
  await q("UPDATE users SET name = $2 WHERE id = $1", [w.verifier.id, "Jean-Baptiste Lefèvre-Martin"]);
}

/**
 * 55 permits of the contractor's employee in the statuses a working list holds, numbered and dated, some flagged:
 * suspended, overdue, gas-tested, with a compliance lapse.
 */
async function seedPermits() {
  const created = await t.as(w.employee).post("/api/permits", completeDraft(w, { taskTitle: titleOf(0) }));
  expect(created.statusCode, created.body).toBe(201);
  const template = created.json().data.id as string;
  for (let i = 1; i < PERMITS; i++) {
    const id = await clonePermit(t.ctx, template, STATUSES[i % STATUSES.length]!, { verifiedBy: w.verifier.id });
    // Windows of 8 hours around now: those in progress whose window has passed are overdue.
    const start = new Date(Date.now() + (i - PERMITS / 2) * 6 * 3_600_000);
    const end = new Date(start.getTime() + 8 * 3_600_000);
    await t.ctx.pool.query(
      `UPDATE permits SET task_title = $2, document_number = $3, start_at = $4::timestamptz, end_at = $5::timestamptz,
         gas_tested_at = CASE WHEN status = 'In_progress' THEN $4::timestamptz END,
         gas_test_passed = CASE WHEN status = 'In_progress' THEN true END
       WHERE id = $1`,
      [id, titleOf(i), `PTW-2026-${String(100 + i).padStart(6, "0")}`, start, end],
    );
    if (i % 7 === 0)
      await t.ctx.pool.query(
        `UPDATE permits SET suspended_at = now(), suspended_by = $2, suspension_reason = $3
         WHERE id = $1 AND status IN ('Approved', 'accepted', 'In_progress')`,
        [id, w.verifier.id, "Gas alarm in the unit: work stopped until the fire team clears the area"],
      );
    if (i % 12 === 0)
      await t.ctx.pool.query(
        "UPDATE permits SET compliance_lapsed_at = now(), compliance_lapse = $2 WHERE id = $1 AND status = 'In_progress'",
        [
          id,
          JSON.stringify([
            { person: "Marie-Claire Fontaine-Dubois", requirement: "Hot-work training", standing: "expired" },
          ]),
        ],
      );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  await realisticNames();
  await seedPermits();
});
afterAll(async () => t.close());

/** A page of 50 as the caller gets it: its bytes (the body as sent, UTF-8) and its rows. */
async function pageOf(person: TPerson) {
  const response = await t.as(person).get("/api/permits?view=all&pageSize=50&sort=-createdAt");
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json();
  expect(page.data).toHaveLength(50);
  return { bytes: Buffer.byteLength(response.body, "utf8"), rows: page.data as { flags?: string[] }[] };
}

describe("GET /api/permits: a page of 50", () => {
  it.each([
    ["the enterprise", () => w.enterpriseUser],
    ["a supplier", () => w.supplierUser],
  ])(`is at most ${PAGE_BYTES_MAX} bytes of JSON for %s`, async (_, person) => {
    const { bytes, rows } = await pageOf(person());
    expect(bytes).toBeLessThanOrEqual(PAGE_BYTES_MAX);
    // Flagged rows among them, as a working list has (they weigh more).
    const flagged = new Set(rows.flatMap((row) => row.flags ?? []));
    expect([...flagged].sort()).toEqual(["complianceLapsed", "gasRetestDue", "overdue", "suspended"]);
  });
});
