import type { TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterprises } from "../src/db/schema";
import { schedulerNotices } from "../src/modules/notifications";
import { runPermitScheduler } from "../src/modules/permit-scheduler";
import type { TPerson } from "./helpers/factories";
import { actionBody, completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

/** Each test runs at its own far `now` (years apart), so the permits of one are long settled in the others. */
const run = (now: Date) => runPermitScheduler(t.ctx, now, schedulerNotices(t.ctx));
const plus = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE);

/** A permit of the employee in `status`, handled by the sector's two managers, its window in minutes from `now`. */
async function permitAt(status: TPermitStatus, now: Date, startIn: number, endIn: number, sentIn = startIn) {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  await putInStatus(t.ctx, id, status, {
    startAt: plus(now, startIn),
    endAt: plus(now, endIn),
    sentAt: plus(now, sentIn),
    verifiedBy: w.verifier.id,
    approvedBy: w.approver.id,
  });
  return id;
}
/** Who was told of this permit with this kind, once each (a second notice would show twice). */
async function told(permitId: string, kind: string): Promise<string[]> {
  const { rows } = await t.ctx.pool.query<{ user_id: string }>(
    "SELECT user_id FROM notifications WHERE kind = $1 AND link LIKE '%/' || $2 ORDER BY user_id",
    [kind, permitId],
  );
  return rows.map((r) => r.user_id);
}
const of = (...people: TPerson[]) => people.map((p) => p.id).sort();
const historyOf = async (id: string) => (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data;

describe("overdue work", () => {
  it("tells the holder's side and the area's managers once, at its end", async () => {
    const now = new Date("2034-01-10T18:00:00Z");
    const overrun = await permitAt("In_progress", now, -600, -1);
    const first = await run(now);
    expect(first.overdue).toContain(overrun);
    await run(plus(now, 1));
    expect(await told(overrun, "permit.overdue")).toEqual(of(w.employee, w.supplierUser, w.verifier, w.approver));
  });

  it("escalates once to the division's SuperResponsibles and the Enterprise after the enterprise's grace", async () => {
    const now = new Date("2035-01-10T18:00:00Z");
    await t.ctx.db
      .update(enterprises)
      .set({ overdueEscalationGraceMinutes: 45 })
      .where(eq(enterprises.id, w.enterprise.id));
    const overrun = await permitAt("In_progress", now, -600, -40);
    const closed = await permitAt("Ended", now, -600, -120);
    expect((await run(now)).overdueEscalated).not.toContain(overrun);
    expect(await told(overrun, "permit.overdueEscalated")).toEqual([]);
    const late = await run(plus(now, 6));
    expect(late.overdueEscalated).toContain(overrun);
    expect(late.overdueEscalated).not.toContain(closed);
    // Two runs at once and a later one: still once.
    await Promise.all([run(plus(now, 7)), run(plus(now, 7))]);
    await run(plus(now, 60));
    // The other division's SuperResponsible and the contractor's side are not told.
    expect(await told(overrun, "permit.overdueEscalated")).toEqual(of(w.enterpriseUser, w.superResponsible));
    await t.ctx.db
      .update(enterprises)
      .set({ overdueEscalationGraceMinutes: 30 })
      .where(eq(enterprises.id, w.enterprise.id));
  });
});

describe("expiry", () => {
  it("closes approved and accepted permits whose window passed unstarted, with their history, and tells", async () => {
    const now = new Date("2036-01-10T18:00:00Z");
    const approved = await permitAt("Approved", now, -600, -1);
    const accepted = await permitAt("accepted", now, -600, -1);
    const stillOpen = await permitAt("accepted", now, 60, 600);
    const running = await permitAt("In_progress", now, -600, -1);
    const first = await run(now);
    expect(first.expired.filter((id) => [approved, accepted, stillOpen, running].includes(id)).sort()).toEqual(
      [approved, accepted].sort(),
    );
    expect(first.started).not.toContain(accepted);
    await run(plus(now, 1));
    for (const id of [approved, accepted]) {
      const permit = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
      expect(permit).toMatchObject({ status: "Canceled", expired: true });
      const events = (await historyOf(id)).filter((e: { action: string }) => e.action === "expire");
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ toStatus: "Canceled", actor: null });
      expect(await told(id, "permit.expired")).toEqual(of(w.employee, w.supplierUser, w.verifier, w.approver));
    }
    expect(await historyOf(accepted)).toContainEqual(
      expect.objectContaining({ action: "expire", fromStatus: "accepted" }),
    );
    const open = (await t.as(w.employee).get(`/api/permits/${stillOpen}`)).json().data;
    expect(open).toMatchObject({ status: "accepted", expired: false });
    expect((await t.as(w.employee).get(`/api/permits/${running}`)).json().data.status).toBe("In_progress");
  });
});

describe("permits waiting on the principal's side", () => {
  it("escalate once per wait after the enterprise's delay, and again after a resend", async () => {
    const now = new Date("2037-01-10T08:00:00Z");
    // Sent 3 h ago (delay 4 h), then a verified one sent 5 h ago.
    const sent = await permitAt("sended", now, 600, 1200, -180);
    const verified = await permitAt("Confirmed", now, 600, 1200, -300);
    const approved = await permitAt("Approved", now, 600, 1200, -300);
    const first = await run(now);
    expect(first.waitingEscalated).toContain(verified);
    expect(first.waitingEscalated).not.toContain(sent);
    expect(first.waitingEscalated).not.toContain(approved);
    await Promise.all([run(plus(now, 61)), run(plus(now, 61))]);
    await run(plus(now, 120));
    expect(await told(sent, "permit.waitingEscalated")).toEqual(of(w.enterpriseUser, w.superResponsible));
    expect(await told(verified, "permit.waitingEscalated")).toEqual(of(w.enterpriseUser, w.superResponsible));

    // A recheck and a resend start a new wait (through the API: the send sets its own sentAt, now).
    const recheck = await t
      .as(w.verifier)
      .post(`/api/permits/${sent}/recheck`, actionBody("recheck", { remark: "Fix it" }));
    expect(recheck.statusCode, recheck.body).toBe(200);
    await putInStatus(t.ctx, sent, "sended", { sentAt: plus(now, 200) });
    await run(plus(now, 300));
    expect(await told(sent, "permit.waitingEscalated")).toHaveLength(2);
    await run(plus(now, 500));
    expect(await told(sent, "permit.waitingEscalated")).toHaveLength(4);
    await run(plus(now, 600));
    expect(await told(sent, "permit.waitingEscalated")).toHaveLength(4);
  });

  it("escalates a permit closed out and waiting for its hand-back, once, after the enterprise's delay", async () => {
    const now = new Date("2037-02-10T08:00:00Z");
    const closeOut = { workComplete: true, remainingWork: "", areaSafe: true, toolsRemoved: true, peopleOut: true };
    const waiting = await permitAt("In_progress", now, -600, -60, -700);
    const recent = await permitAt("In_progress", now, -600, -60, -700);
    await putInStatus(t.ctx, waiting, "In_progress", {
      closedOutAt: plus(now, -300),
      closedOutBy: w.employee.id,
      closeOut,
    });
    await putInStatus(t.ctx, recent, "In_progress", {
      closedOutAt: plus(now, -60),
      closedOutBy: w.employee.id,
      closeOut,
    });
    const first = await run(now);
    expect(first.waitingEscalated).toContain(waiting);
    expect(first.waitingEscalated).not.toContain(recent);
    // Closed out: no longer overdue work, so no overdue escalation either.
    expect(first.overdueEscalated).not.toContain(waiting);
    await run(plus(now, 30));
    expect(await told(waiting, "permit.waitingEscalated")).toEqual(of(w.enterpriseUser, w.superResponsible));
  });
});
