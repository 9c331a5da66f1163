import {
  addDays,
  CONTRACTOR_PERMIT_FIGURES,
  dayIn,
  PRINCIPAL_PERMIT_FIGURES,
  permitFigureFilters,
  startOfDayIn,
  type TDashboard,
  type TPermitStatus,
} from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditTransactions, demands, permitEvents, permits, suppliers } from "../src/db/schema";
import { createEnterprise, createSupplierCompany, type TPerson } from "./helpers/factories";
import { expectError, get, post } from "./helpers/http";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/** Fourteen hours ahead of UTC: "today" there is often another day than in UTC, so the zone must carry through. */
const TZ = "Pacific/Kiritimati";
const HOUR = 3_600_000;

let t: TTestApp;
let w: TPermitWorld;
const ago = (ms: number) => new Date(Date.now() - ms);

async function make(person: TPerson, status: TPermitStatus, fields: Partial<typeof permits.$inferInsert> = {}) {
  const overrides = fields.sectorId ? { sectorId: fields.sectorId, checklist: [], riskIds: [] } : {};
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  const id: string = response.json().data.id;
  if (status !== "pending") await putInStatus(t.ctx, id, status, fields);
  return id;
}

/** The history's entry into the permit's status, `at` that time. */
async function entered(permitId: string, from: TPermitStatus, to: TPermitStatus, at: Date) {
  const action = to === "Recheck" ? "recheck" : to === "Failed" ? "reject" : "edit";
  await t.ctx.db.insert(permitEvents).values({ permitId, action, fromStatus: from, toStatus: to, createdAt: at });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  const today = dayIn(new Date(), TZ);
  const startOfToday = startOfDayIn(today, TZ).getTime();
  const startOfTomorrow = startOfDayIn(addDays(today, 1), TZ).getTime();
  const period = (start: number, hours: number) => ({
    startAt: new Date(start),
    endAt: new Date(start + hours * HOUR),
  });

  await make(w.employee, "pending");
  await make(w.supplierUser, "pending");
  await make(w.employee, "sended");
  await make(w.employee, "Confirmed", { verifiedBy: w.verifier.id });
  await make(w.employee, "Approved", period(startOfToday + HOUR, 8));
  await make(w.employee, "accepted", period(startOfTomorrow + HOUR, 8));
  await make(w.employee, "In_progress", { startAt: ago(5 * HOUR), endAt: ago(HOUR) });
  await make(w.employee, "In_progress", { startAt: ago(HOUR), endAt: ago(-5 * HOUR) });
  // Sent back yesterday; another sent back nine days ago and only edited since: not a recent recheck.
  await entered(await make(w.employee, "Recheck"), "sended", "Recheck", ago(24 * HOUR));
  const oldRecheck = await make(w.employee, "Recheck");
  await entered(oldRecheck, "sended", "Recheck", ago(9 * 24 * HOUR));
  await entered(oldRecheck, "Recheck", "Recheck", ago(HOUR));
  await entered(await make(w.employee, "Failed"), "Confirmed", "Failed", ago(10 * 24 * HOUR));
  await entered(await make(w.otherSupplier.employee, "Failed"), "sended", "Failed", ago(2 * 24 * HOUR));
  // Division B's: its Responsible's to-do, invisible to division A's people.
  await make(w.otherSupplier.employee, "sended", { sectorId: w.otherSector.id });
  // Another tenant's permit in progress.
  await t.ctx.db.insert(permits).values({
    enterpriseId: w.otherTenant.enterprise.id,
    createdBy: w.otherTenant.enterpriseUser.id,
    internal: true,
    taskTitle: "Elsewhere",
    status: "In_progress",
    ...period(Date.now() - HOUR, 4),
  });
});
afterAll(async () => t.close());

async function dashboardOf(person: TPerson, tz = TZ): Promise<TDashboard> {
  const response = await t.as(person).get(`/api/dashboard?tz=${encodeURIComponent(tz)}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("private, no-store");
  return response.json().data;
}

async function listTotal(person: TPerson, path: string, params: Record<string, string>) {
  const response = await t.as(person).get(`${path}?${new URLSearchParams({ ...params, pageSize: "1" })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total as number;
}

/** Each figure equals the total of the list it links to (the same filters, the same zone). */
async function expectFiguresMatchLists(person: TPerson) {
  const dashboard = await dashboardOf(person);
  const names = dashboard.side === "principal" ? PRINCIPAL_PERMIT_FIGURES : CONTRACTOR_PERMIT_FIGURES;
  for (const name of names) {
    const filters = permitFigureFilters(name, dashboard.side, dashboard);
    const total = await listTotal(person, "/api/permits", { ...filters, tz: TZ });
    expect({ name, total }).toEqual({ name, total: (dashboard.figures as Record<string, number>)[name] });
  }
  if (dashboard.side === "principal") {
    expect(await listTotal(person, "/api/contractors", { status: "affiliated" })).toBe(dashboard.figures.contractors);
    const credits = await t.as(person).get("/api/credits");
    expect(credits.json().data.remaining).toBe(dashboard.figures.creditsRemaining);
  }
}

describe("GET /api/dashboard (principal staff)", () => {
  const division = { inProgress: 2, startingToday: 1, overdue: 1, recentRechecks: 2, contractors: 2 };

  it("the enterprise counts its whole enterprise", async () => {
    const dashboard = await dashboardOf(w.enterpriseUser);
    const today = dayIn(new Date(), TZ);
    expect(dashboard).toEqual({
      side: "principal",
      today,
      recentSince: addDays(today, -6),
      figures: { waitingForMe: 0, awaitingReview: 3, ...division, creditsRemaining: 100 },
    });
  });

  it("a SuperResponsible and a Responsible count their division; each manager what waits for it", async () => {
    const figures = async (person: TPerson) => (await dashboardOf(person)).figures;
    const ofDivisionA = { awaitingReview: 2, ...division, creditsRemaining: 100 };
    expect(await figures(w.superResponsible)).toEqual({ waitingForMe: 0, ...ofDivisionA });
    expect(await figures(w.verifier)).toEqual({ waitingForMe: 1, ...ofDivisionA });
    expect(await figures(w.approver)).toEqual({ waitingForMe: 1, ...ofDivisionA });
    expect(await figures(w.otherDivisionResponsible)).toEqual({
      waitingForMe: 1,
      awaitingReview: 1,
      inProgress: 0,
      startingToday: 0,
      overdue: 0,
      recentRechecks: 0,
      contractors: 2,
      creditsRemaining: 100,
    });
  });

  it("another tenant's permits are invisible", async () => {
    expect((await dashboardOf(w.otherTenant.enterpriseUser)).figures).toEqual({
      waitingForMe: 0,
      awaitingReview: 0,
      inProgress: 1,
      startingToday: 0,
      overdue: 0,
      recentRechecks: 0,
      contractors: 0,
      creditsRemaining: 0,
    });
  });

  it("each figure is the total of the list it opens", async () => {
    for (const person of [w.enterpriseUser, w.superResponsible, w.verifier, w.approver, w.otherDivisionResponsible]) {
      await expectFiguresMatchLists(person);
    }
  });

  it("today is a day in the reader's zone (UTC when none is given)", async () => {
    const utc = await t.as(w.enterpriseUser).get("/api/dashboard");
    expect(utc.json().data.today).toBe(dayIn(new Date(), "UTC"));
  });
});

describe("GET /api/dashboard (contractors)", () => {
  it("an employee counts its own permits, a supplier its company's", async () => {
    // One of the two in progress is past its end: overdue, the holder's to close.
    const mine = { sent: 1, toAccept: 1, inProgress: 2, overdue: 1, rechecks: 2 };
    expect((await dashboardOf(w.employee)).figures).toEqual({ drafts: 1, ...mine });
    expect((await dashboardOf(w.supplierUser)).figures).toEqual({ drafts: 2, ...mine });
    expect((await dashboardOf(w.otherSupplier.supplierUser)).figures).toEqual({
      drafts: 0,
      sent: 1,
      toAccept: 0,
      inProgress: 0,
      overdue: 0,
      rechecks: 0,
    });
  });

  it("each figure is the total of the list it opens", async () => {
    for (const person of [w.employee, w.supplierUser, w.otherSupplier.employee]) await expectFiguresMatchLists(person);
  });
});

describe("dashboard access", () => {
  it("refuses the admin on /api/dashboard and everyone else on /api/admin/dashboard", async () => {
    expectError(await t.as(w.admin).get("/api/dashboard"), 403, "FORBIDDEN");
    for (const person of [w.enterpriseUser, w.superResponsible, w.verifier, w.supplierUser, w.employee]) {
      expectError(await t.as(person).get("/api/admin/dashboard"), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, "/api/dashboard"), 401, "UNAUTHENTICATED");
  });

  it("refuses an unknown time zone", async () => {
    const response = await t.as(w.enterpriseUser).get("/api/dashboard?tz=Mars%2FOlympus");
    expect(response.statusCode).toBe(400);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("counts the platform's companies by status, pending demands and credits sold and used", async () => {
    const waiting = await createEnterprise(t.ctx, "pending_verification");
    await createEnterprise(t.ctx, "disabled");
    const supplier = await createSupplierCompany(t.ctx);
    await t.ctx.db.update(suppliers).set({ status: "disabled" }).where(eq(suppliers.id, supplier.id));
    await t.ctx.db.insert(demands).values([
      { kind: "enterprise_account", enterpriseId: waiting.enterprise.id },
      { kind: "credits", enterpriseId: w.enterprise.id, payload: { quantity: 10 } },
      { kind: "credits", enterpriseId: w.enterprise.id, status: "denied" },
    ]);
    for (const quantity of [30, 20]) {
      const bought = await post(
        t.app,
        `/api/admin/enterprises/${w.enterprise.id}/credits`,
        { quantity },
        await t.as(w.admin).call(),
      );
      expect(bought.statusCode, bought.body).toBe(201);
    }
    await t.ctx.db
      .insert(creditTransactions)
      .values([1, 2, 3].map(() => ({ enterpriseId: w.enterprise.id, kind: "consumption" as const, quantity: -1 })));

    const response = await t.as(w.admin).get("/api/admin/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({
      enterprises: { pending_confirmation: 0, pending_verification: 1, active: 2, disabled: 1 },
      suppliers: { pending_confirmation: 0, pending_verification: 0, active: 3, disabled: 1 },
      pendingDemands: { enterpriseAccounts: 1, credits: 1 },
      credits: { sold: 50, used: 3 },
    });
    for (const status of ["pending_verification", "active", "disabled"] as const) {
      expect(await listTotal(w.admin, "/api/admin/enterprises", { status })).toBe(data.enterprises[status]);
      expect(await listTotal(w.admin, "/api/admin/suppliers", { status })).toBe(data.suppliers[status]);
    }
    expect(await listTotal(w.admin, "/api/admin/demands", { status: "pending" })).toBe(1);
    expect(await listTotal(w.admin, "/api/admin/demands", { status: "pending", kind: "credits" })).toBe(1);
  });
});
