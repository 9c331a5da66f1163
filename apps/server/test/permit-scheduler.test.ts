import type { TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permits } from "../src/db/schema";
import { AUTO_START_REMARK, runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { expectError } from "./helpers/http";
import { completeDraft, createPermitWorld, putInStatus, statusOf, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

/** A permit in `status` whose period is given in minutes from `now`. */
async function permitAt(status: TPermitStatus, now: Date, startIn: number, endIn = startIn + 480) {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  await putInStatus(t.ctx, id, status, {
    startAt: new Date(now.getTime() + startIn * MINUTE),
    endAt: new Date(now.getTime() + endIn * MINUTE),
  });
  return id;
}
const marksOf = async (id: string) =>
  (
    await t.ctx.db
      .select({ reminded: permits.startReminderSentAt, warned: permits.overdueWarnedAt })
      .from(permits)
      .where(eq(permits.id, id))
  )[0]!;
const historyOf = async (id: string) =>
  (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data as {
    action: string;
    fromStatus: string;
    toStatus: string;
    actor: unknown;
    remark: string | null;
  }[];
/** Only the permits a test made: the others of the file may be due at its `now` too. */
const only = (ids: string[], mine: string[]) => ids.filter((id) => mine.includes(id)).sort();

describe("the permit scheduler", () => {
  it("starts the accepted permits whose start has come, once, with a history event by nobody", async () => {
    const now = new Date("2031-03-01T08:00:00Z");
    const due = await permitAt("accepted", now, -5);
    const exactlyNow = await permitAt("accepted", now, 0);
    const later = await permitAt("accepted", now, 60);
    const notAccepted = await permitAt("Approved", now, -5);
    const mine = [due, exactlyNow, later, notAccepted];

    const run = await runPermitScheduler(t.ctx, now);
    expect(only(run.started, mine)).toEqual([due, exactlyNow].sort());
    expect(await statusOf(t.ctx, due)).toBe("In_progress");
    expect(await statusOf(t.ctx, later)).toBe("accepted");
    expect(await statusOf(t.ctx, notAccepted)).toBe("Approved");
    const started = (await historyOf(due)).filter((e) => e.action === "start");
    expect(started).toEqual([
      expect.objectContaining({
        fromStatus: "accepted",
        toStatus: "In_progress",
        actor: null,
        remark: AUTO_START_REMARK,
      }),
    ]);

    const again = await runPermitScheduler(t.ctx, new Date(now.getTime() + MINUTE));
    expect(only(again.started, mine)).toEqual([]);
    expect((await historyOf(due)).filter((e) => e.action === "start")).toHaveLength(1);
    // Started by the scheduler, a manual start now finds it moved on.
    expectError(await t.as(w.employee).post(`/api/permits/${due}/start`, undefined), 409, "CONFLICT");
  });

  it("leaves alone a permit cancelled meanwhile, even by a cancel still in flight", async () => {
    const now = new Date("2031-04-01T08:00:00Z");
    const cancelled = await permitAt("accepted", now, -1);
    const cancelling = await permitAt("accepted", now, -1);
    const cancel = await t.as(w.employee).post(`/api/permits/${cancelled}/cancel`, undefined);
    expect(cancel.statusCode, cancel.body).toBe(200);

    // A manual cancel holds the row when the scheduler runs: the scheduler skips it and does not wait.
    const client = await t.ctx.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("UPDATE permits SET status = 'Canceled' WHERE id = $1 AND status = 'accepted'", [cancelling]);
      const run = await runPermitScheduler(t.ctx, now);
      expect(only(run.started, [cancelled, cancelling])).toEqual([]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await statusOf(t.ctx, cancelled)).toBe("Canceled");
    expect(await statusOf(t.ctx, cancelling)).toBe("Canceled");
    const later = await runPermitScheduler(t.ctx, new Date(now.getTime() + MINUTE));
    expect(only(later.started, [cancelled, cancelling])).toEqual([]);
    expect((await historyOf(cancelling)).some((e) => e.action === "start")).toBe(false);
  });

  it("reminds once of an accepted permit starting within 30 minutes", async () => {
    const now = new Date("2031-05-01T08:00:00Z");
    const soon = await permitAt("accepted", now, 20);
    const edge = await permitAt("accepted", now, 30);
    const notYet = await permitAt("accepted", now, 45);
    const approvedOnly = await permitAt("Approved", now, 20);
    const mine = [soon, edge, notYet, approvedOnly];

    const run = await runPermitScheduler(t.ctx, now);
    expect(only(run.reminded, mine)).toEqual([soon, edge].sort());
    expect((await marksOf(soon)).reminded?.toISOString()).toBe(now.toISOString());
    expect((await marksOf(notYet)).reminded).toBeNull();

    const fiveLater = new Date(now.getTime() + 5 * MINUTE);
    expect(only((await runPermitScheduler(t.ctx, fiveLater)).reminded, mine)).toEqual([]);
    const twentyLater = new Date(now.getTime() + 20 * MINUTE);
    const third = await runPermitScheduler(t.ctx, twentyLater);
    expect(only(third.reminded, mine)).toEqual([notYet]);
    // The reminded permit's start has come meanwhile: it is started, not reminded again.
    expect(only(third.started, mine)).toEqual([soon]);
    expect((await marksOf(soon)).reminded?.toISOString()).toBe(now.toISOString());
  });

  it("warns once of a permit still in progress past its end, not of one closed out", async () => {
    const now = new Date("2031-06-01T18:00:00Z");
    const overrun = await permitAt("In_progress", now, -600, -10);
    const running = await permitAt("In_progress", now, -60, 60);
    const ended = await permitAt("Ended", now, -600, -10);
    // Its holder closed it out: it waits for the hand-back, the work is not overrunning.
    const closedOut = await permitAt("In_progress", now, -600, -10);
    await t.ctx.db
      .update(permits)
      .set({
        closedOutAt: new Date(now.getTime() - 20 * MINUTE),
        closeOut: { workComplete: true, remainingWork: "", areaSafe: true, toolsRemoved: true, peopleOut: true },
      })
      .where(eq(permits.id, closedOut));
    const mine = [overrun, running, ended, closedOut];

    const run = await runPermitScheduler(t.ctx, now);
    expect(only(run.overdue, mine)).toEqual([overrun]);
    expect((await marksOf(overrun)).warned?.toISOString()).toBe(now.toISOString());
    expect(await statusOf(t.ctx, overrun)).toBe("In_progress");
    const again = await runPermitScheduler(t.ctx, new Date(now.getTime() + 10 * MINUTE));
    expect(only(again.overdue, mine)).toEqual([]);
    expect((await marksOf(overrun)).warned?.toISOString()).toBe(now.toISOString());
    expect((await marksOf(ended)).warned).toBeNull();
    expect((await marksOf(closedOut)).warned).toBeNull();
  });

  it("tells the people through the notices it is given, inside the run", async () => {
    const now = new Date("2031-07-01T08:00:00Z");
    const due = await permitAt("accepted", now, -1);
    const soon = await permitAt("accepted", now, 10);
    const overrun = await permitAt("In_progress", now, -600, -1);
    const told: Record<string, string[]> = { started: [], startsSoon: [], overdue: [] };
    const record = (kind: string) => async (_tx: unknown, _client: unknown, ids: string[]) => {
      told[kind]!.push(...ids);
    };
    await runPermitScheduler(t.ctx, now, {
      started: record("started"),
      startsSoon: record("startsSoon"),
      overdue: record("overdue"),
    });
    expect(told.started).toContain(due);
    expect(told.startsSoon).toContain(soon);
    expect(told.overdue).toContain(overrun);
    expect(told.started).not.toContain(soon);
  });
});
