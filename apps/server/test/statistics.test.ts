import type { TStatistics } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { tokenFor } from "./helpers/permits";
import { addManySectors, createStatisticsWorld, type TStatisticsWorld } from "./helpers/statistics";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/*
 * The data set (helpers/statistics.ts), first sends in January and February 2026 (UTC):
 * P1 S1 Welding High, supplier: send 01-10 08:00, verify +120 min, approve +360 min → Approved
 * P2 S1 Welding High, supplier: send 01-20 09:00, recheck, send, verify +2880, approve +3060, accept → accepted
 * P3 S1 Lifting High, other supplier: send 02-03 08:00, reject → Failed
 * P4 S1 Welding Low, internal: send 02-10 08:00, verify (no approval needed) +60 → Approved
 * P5 Jetty Welding High, supplier: send 02-15 → sended
 * P6 division B Welding High, supplier: send 01-12 08:00, verify +30 → Confirmed
 * P8 S1 supplier: send 2025-12-31 23:30 UTC (1 January in Paris) → sended; and a draft never sent.
 */
let t: TTestApp;
let w: TStatisticsWorld;
const JAN_FEB = "from=2026-01-01&to=2026-02-28";
const zeros = {
  sended: 0,
  Recheck: 0,
  Confirmed: 0,
  Approved: 0,
  accepted: 0,
  In_progress: 0,
  Ended: 0,
  Canceled: 0,
  Failed: 0,
};

const call = async (person: TPerson, query: string, path = "/api/statistics") =>
  get(t.app, `${path}?${query}`, { token: await tokenFor(t.ctx, person) });
async function stats(person: TPerson, query = JAN_FEB): Promise<TStatistics> {
  const response = await call(person, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const bars = (groups: TStatistics["bySector"]) => groups.map((g) => [g.kind, g.name, g.count]);

beforeAll(async () => {
  t = await createTestApp();
  w = await createStatisticsWorld(t);
}, 60_000);
afterAll(async () => t.close());

describe("GET /api/statistics: the enterprise's figures", () => {
  it("counts permits per month of their first send, by status of today", async () => {
    const s = await stats(w.enterpriseUser);
    expect(s.period).toEqual({ from: "2026-01-01", to: "2026-02-28", tz: "UTC" });
    expect(s.divisionId).toBeNull();
    expect(s.total).toBe(6);
    expect(s.perMonth).toEqual([
      { month: "2026-01", total: 3, counts: { ...zeros, Approved: 1, accepted: 1, Confirmed: 1 } },
      { month: "2026-02", total: 3, counts: { ...zeros, Failed: 1, Approved: 1, sended: 1 } },
    ]);
  });

  it("breaks them down by sector, contractor (internal ones too) and work type, largest first", async () => {
    const s = await stats(w.enterpriseUser);
    expect(bars(s.bySector)).toEqual([
      ["item", w.sector.name, 4],
      ["item", "Jetty", 1],
      ["item", w.otherSector.name, 1],
    ]);
    expect(s.bySector[0]!.id).toBe(w.sector.id);
    expect(bars(s.byContractor)).toEqual([
      ["item", w.supplier.name, 4],
      ["internal", "", 1],
      ["item", w.otherSupplier.supplier.name, 1],
    ]);
    expect(bars(s.byWorkType)).toEqual([
      ["item", "Welding", 5],
      ["item", "Lifting", 1],
    ]);
    expect(s.byCriticality).toEqual([
      { level: "Low", colour: "#2f9e44", count: 1 },
      { level: "High", colour: "#e03131", count: 5 },
    ]);
  });

  it("gives the median and 90th percentile of the review times, in minutes, and the rates", async () => {
    const s = await stats(w.enterpriseUser);
    // Verification: 30, 60, 120, 2880 → median (60 + 120) / 2, p90 120 + 0.7 × 2760.
    // Approved: 60 (verified, no approval needed), 360, 3060 → median 360, p90 360 + 0.8 × 2700.
    expect(s.durations).toEqual({
      sendToVerification: { median: 90, p90: 2052, count: 4 },
      sendToApproval: { median: 360, p90: 2520, count: 3 },
    });
    expect(s.rates).toEqual({
      recheck: { count: 1, total: 6, rate: 1 / 6 },
      rejection: { count: 1, total: 6, rate: 1 / 6 },
    });
  });

  it("reads the days and months in the time zone asked for", async () => {
    const paris = await stats(w.enterpriseUser, `${JAN_FEB}&tz=Europe/Paris`);
    expect(paris.total).toBe(7);
    expect(paris.perMonth[0]).toMatchObject({ month: "2026-01", total: 4, counts: { sended: 1 } });
    const december = await stats(w.enterpriseUser, "from=2025-12-01&to=2025-12-31");
    expect(december.total).toBe(1);
    expect((await stats(w.enterpriseUser, "from=2025-12-01&to=2025-12-31&tz=Europe/Paris")).total).toBe(0);
  });

  it("takes one day alone, and every month of a long period with zeros", async () => {
    expect((await stats(w.enterpriseUser, "from=2026-01-10&to=2026-01-10")).total).toBe(1);
    const year = await stats(w.enterpriseUser, "from=2025-03-15&to=2026-03-02");
    expect(year.perMonth.map((m) => m.month)).toHaveLength(13);
    expect(year.perMonth.at(-1)).toEqual({ month: "2026-03", total: 0, counts: zeros });
  });

  it("defaults to the last 12 months, to today", async () => {
    const s = await stats(w.enterpriseUser, "");
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    from.setUTCMonth(from.getUTCMonth() - 11);
    expect(s.period).toEqual({ from: from.toISOString().slice(0, 10), to: today, tz: "UTC" });
    expect(s.perMonth).toHaveLength(12);
  });

  it("narrows to one of its divisions", async () => {
    const b = await stats(w.enterpriseUser, `${JAN_FEB}&divisionId=${w.otherDivision.id}`);
    expect(b).toMatchObject({ divisionId: w.otherDivision.id, total: 1 });
    expect(bars(b.bySector)).toEqual([["item", w.otherSector.name, 1]]);
  });

  it("sums the groups beyond the largest ten as one Other", async () => {
    await addManySectors(t, w);
    const s = await stats(w.enterpriseUser, "from=2025-06-01&to=2025-06-30");
    expect(s.total).toBe(14);
    expect(bars(s.bySector)).toEqual([
      ["item", "Zone 07", 3],
      ...["01", "02", "03", "04", "05", "06", "08", "09", "10"].map((n) => ["item", `Zone ${n}`, 1]),
      ["other", "", 2],
    ]);
    expect(s.bySector.at(-1)).toMatchObject({ id: null, groups: 2 });
  });
});

describe("scope", () => {
  it("gives a division's managers their division only", async () => {
    for (const person of [w.verifier, w.superResponsible]) {
      const a = await stats(person);
      expect(a).toMatchObject({ divisionId: w.division.id, total: 5 });
      expect(a.perMonth.map((m) => m.total)).toEqual([2, 3]);
      expect(bars(a.byContractor)).toEqual([
        ["item", w.supplier.name, 3],
        ["internal", "", 1],
        ["item", w.otherSupplier.supplier.name, 1],
      ]);
    }
    expect((await stats(w.verifier, `${JAN_FEB}&divisionId=${w.division.id}`)).total).toBe(5);
    expect(await stats(w.otherDivisionResponsible)).toMatchObject({ divisionId: w.otherDivision.id, total: 1 });
  });

  it("hides another division from a manager, and another tenant's division from an enterprise (404)", async () => {
    expectError(await call(w.verifier, `${JAN_FEB}&divisionId=${w.otherDivision.id}`), 404, "NOT_FOUND");
    expectError(await call(w.otherTenant.enterpriseUser, `${JAN_FEB}&divisionId=${w.division.id}`), 404, "NOT_FOUND");
    expectError(await call(w.enterpriseUser, `${JAN_FEB}&divisionId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(
      await call(w.enterpriseUser, `${JAN_FEB}&chart=rates&divisionId=${UNKNOWN_ID}`, "/api/statistics/export"),
      404,
      "NOT_FOUND",
    );
  });

  it("shows another tenant none of these permits", async () => {
    expect((await stats(w.otherTenant.enterpriseUser)).total).toBe(0);
    expect((await stats(w.otherTenant.responsible)).total).toBe(0);
  });

  it("refuses suppliers, employees and the admin (403), and strangers (401)", async () => {
    for (const person of [w.supplierUser, w.employee, w.admin]) {
      expectError(await call(person, JAN_FEB), 403, "FORBIDDEN");
      expectError(await call(person, `${JAN_FEB}&chart=perMonth`, "/api/statistics/export"), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, `/api/statistics?${JAN_FEB}`), 401, "UNAUTHENTICATED");
  });
});

describe("bad input", () => {
  it("names the field: a day that does not exist, an end before the start, more than 5 years, a bad zone", async () => {
    const p = w.enterpriseUser;
    expectFields(await call(p, "from=2026-02-30&to=2026-03-01"), { from: "invalidValue" });
    expectFields(await call(p, "from=01/02/2026"), { from: "invalidValue" });
    expectFields(await call(p, "from=2026-03-01&to=2026-02-01"), { to: "dateRangeOrder" });
    expectFields(await call(p, "from=2020-01-01&to=2025-01-01"), { to: "dateRangeTooLong" });
    expect((await call(p, "from=2020-01-01&to=2024-12-31")).statusCode).toBe(200);
    expectFields(await call(p, "from=2999-01-01"), { from: "dateRangeOrder" });
    expectFields(await call(p, `${JAN_FEB}&tz=Mars/Olympus`), { tz: "invalidValue" });
    expectFields(await call(p, `${JAN_FEB}&divisionId=nope`), { divisionId: "invalidValue" });
    expectFields(await call(p, `${JAN_FEB}&chart=pie`, "/api/statistics/export"), { chart: "invalidValue" });
    expectFields(await call(p, JAN_FEB, "/api/statistics/export"), { chart: "invalidValue" });
  });
});

describe("GET /api/statistics/export: one chart's data as CSV", () => {
  const csv = async (chart: string, person: TPerson = w.enterpriseUser) => {
    const response = await call(person, `${JAN_FEB}&chart=${chart}`, "/api/statistics/export");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="statistics-${chart}-2026-01-01-2026-02-28.csv"`,
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    return response.body.slice(1).trim().split("\n");
  };

  it("per month: a column per status and the total", async () => {
    expect(await csv("perMonth")).toEqual([
      "Month,Sent,Recheck,Verified,Approved,Accepted,In progress,Ended,Cancelled,Rejected,Total",
      "2026-01,0,0,1,1,1,0,0,0,0,3",
      "2026-02,1,0,0,1,0,0,0,0,1,3",
    ]);
  });

  it("by contractor, by criticality, durations and rates", async () => {
    expect(await csv("byContractor")).toEqual([
      "Contractor,Permits",
      `${w.supplier.name},4`,
      "Internal,1",
      `${w.otherSupplier.supplier.name},1`,
    ]);
    expect(await csv("byCriticality")).toEqual(["Criticality,Colour,Permits", "Low,#2f9e44,1", "High,#e03131,5"]);
    expect(await csv("durations")).toEqual([
      "Step,Median (minutes),90th percentile (minutes),Permits",
      "Send to verification,90,2052,4",
      "Send to approval,360,2520,3",
    ]);
    expect(await csv("rates")).toEqual(["Rate,Permits,Out of,Share (%)", "Recheck,1,6,16.7", "Rejection,1,6,16.7"]);
  });

  it("keeps a manager to its division", async () => {
    expect(await csv("bySector", w.verifier)).toEqual(["Sector,Permits", `${w.sector.name},4`, "Jetty,1"]);
  });
});
