import { PERMIT_TRANSITIONS, targetOf } from "@openpermit/shared";
import { and, eq, gt, gte, inArray, isNull, lt, lte } from "drizzle-orm";
import { contractorMayWork } from "../../access/live-contractor";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { permitEvents, permits } from "../../db/schema";
import { nonCompliantCrews } from "../compliance/gates";
import { gasTestHolds } from "../gas-tests/start-check";
import { isolationsInPlace } from "../isolations/start-check";
import { hasSignedOnCrew } from "../permits/crew/start-check";
import { noEmergencyInForce } from "../permits/suspension";
import { flagComplianceLapses } from "./compliance-lapse-step";
import { warnGasRetestDue } from "./gas-retest-step";
import { BATCH, markOnce, type TNotice } from "./mark-once";
import { escalateOverdue, escalateWaiting, expireUnstarted, warnHandoverDue } from "./validity-steps";

/** How long before an accepted permit's start its people are reminded. */
export const START_REMINDER_MINUTES = 30;
/** The history remark of a permit the scheduler started (no actor: nobody pressed Start). */
export const AUTO_START_REMARK = "Started automatically at the start time";

/**
 * What the scheduler tells people, inside the transaction that marks or moves the permits (a rolled-back run
 * tells nobody). The notifications module plugs in here: `permit.started`, `permit.startsSoon`, `permit.overdue`,
 * `permit.overdueEscalated`, `permit.expired`, `permit.waitingEscalated`, `permit.gasRetestDue`,
 * `permit.complianceLapsed`.
 */
export interface TSchedulerNotices {
  started?: TNotice;
  startsSoon?: TNotice;
  overdue?: TNotice;
  overdueEscalated?: TNotice;
  expired?: TNotice;
  waitingEscalated?: TNotice;
  gasRetestDue?: TNotice;
  handoverDue?: TNotice;
  complianceLapsed?: TNotice;
}

export interface TSchedulerRun {
  started: string[];
  reminded: string[];
  overdue: string[];
  overdueEscalated: string[];
  expired: string[];
  waitingEscalated: string[];
  gasRetestDue: string[];
  handoverDue: string[];
  complianceLapsed: string[];
}

/** How many permits a run moved or marked (its people were told): the e-mail queue is woken when any. */
export const touchedBy = (run: TSchedulerRun) => Object.values(run).reduce((sum, ids) => sum + ids.length, 0);

const startFrom = PERMIT_TRANSITIONS.start.from[0]!;
const startTo = targetOf("start", "verify_and_approve", startFrom);

/**
 * Starts the accepted permits whose start time has come, as the API's start does: the status guard is in the
 * UPDATE itself (a permit cancelled or started by hand meanwhile is not touched, and of a manual start and this
 * one exactly one moves it), with its history event (no actor) in the same transaction. Like the API's start, only
 * a permit with a worker signed on starts (start-check.ts), its crew meeting the work type's requirements
 * (compliance/gates.ts); one without waits (its holder was reminded before the
 * start) and expires when its window passes unstarted. The rows are locked by one statement and moved by the next,
 * so the crew is read after the locks are held (a sign-off takes the same row lock first).
 */
async function startDuePermits(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const due = tx
      .select({ id: permits.id, enterpriseId: permits.enterpriseId, workTypeId: permits.workTypeId })
      .from(permits)
      // Not one whose whole window passed (after downtime): that one expires (expireUnstarted). Not a suspended
      // one, nor one under an emergency stop: it is held until a manager signs its resumption. Not one whose
      // isolations are not all applied and proven, nor one with nobody of its crew signed on, nor one whose work type
      // requires a gas test without a passing one no older than its interval (gas-tests/start-check.ts). Not a
      // contractor's whose affiliation ended or whose enterprise is not active (access/live-contractor.ts).
      .where(
        and(
          eq(permits.status, startFrom),
          lte(permits.startAt, now),
          gte(permits.endAt, now),
          isNull(permits.suspendedAt),
          noEmergencyInForce(),
          isolationsInPlace,
          hasSignedOnCrew(),
          gasTestHolds(now),
          contractorMayWork(),
        ),
      )
      .orderBy(permits.startAt)
      .limit(BATCH)
      // Another run (or a manual action) holding one of them: skip it now, it is taken next minute if still due.
      .for("update", { skipLocked: true });
    const candidates = await due;
    // Nor one whose signed-on crew lacks a competence or induction its work type needs (compliance/gates.ts): the
    // rule reads evidence dates in every time zone, so it is judged on the locked candidates at once, not in SQL.
    const lacking = await nonCompliantCrews(tx, candidates, now);
    const dueIds = candidates.filter((row) => !lacking.has(row.id)).map((row) => row.id);
    const moved = await tx
      .update(permits)
      .set({ status: startTo, shiftStartedAt: now, updatedAt: now })
      .where(
        and(
          inArray(permits.id, dueIds),
          eq(permits.status, startFrom),
          isNull(permits.suspendedAt),
          hasSignedOnCrew(),
          gasTestHolds(now),
          contractorMayWork(),
        ),
      )
      .returning({ id: permits.id });
    const ids = moved.map((m) => m.id);
    if (ids.length === 0) return ids;
    await tx.insert(permitEvents).values(
      ids.map((permitId) => ({
        permitId,
        action: "start" as const,
        fromStatus: startFrom,
        toStatus: startTo,
        actorId: null,
        remark: AUTO_START_REMARK,
        createdAt: now,
      })),
    );
    await notices.started?.(tx, client, ids, now);
    return ids;
  });
}

/** Marks (once) the accepted permits starting within the next minutes, and tells their people. */
function remindStartingSoon(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  const soon = new Date(now.getTime() + START_REMINDER_MINUTES * 60_000);
  const due = and(
    eq(permits.status, startFrom),
    gt(permits.startAt, now),
    lte(permits.startAt, soon),
    isNull(permits.startReminderSentAt),
    // A held (suspended) permit does not start at its time: no "starts soon" for it.
    isNull(permits.suspendedAt),
  )!;
  return markOnce(ctx, now, due, { startReminderSentAt: now }, notices.startsSoon);
}

/**
 * Marks (once) the permits still in progress past their end without close-out (overdue), and warns the holder's
 * side and the area's managers.
 */
function warnOverdue(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  // A permit closed out by its holder is no longer overdue work: it waits for its hand-back.
  const due = and(
    eq(permits.status, "In_progress"),
    lt(permits.endAt, now),
    isNull(permits.overdueWarnedAt),
    isNull(permits.closedOutAt),
  )!;
  return markOnce(ctx, now, due, { overdueWarnedAt: now }, notices.overdue);
}

/**
 * One run of the permit scheduler at `now` (every minute in production; tests pass their own `now`). Each step
 * is idempotent: a second run at the same time changes nothing, and a step that fails leaves the others done.
 * Starting comes first, so a permit due now is started rather than reminded; a permit whose whole window passed
 * unstarted (never accepted, or during downtime) is not started but expired.
 */
export async function runPermitScheduler(
  ctx: TContext,
  now: Date,
  notices: TSchedulerNotices = {},
): Promise<TSchedulerRun> {
  const started = await startDuePermits(ctx, now, notices);
  const reminded = await remindStartingSoon(ctx, now, notices);
  const overdue = await warnOverdue(ctx, now, notices);
  const overdueEscalated = await escalateOverdue(ctx, now, notices.overdueEscalated);
  const expired = await expireUnstarted(ctx, now, notices.expired);
  const waitingEscalated = await escalateWaiting(ctx, now, notices.waitingEscalated);
  const gasRetestDue = await warnGasRetestDue(ctx, now, notices.gasRetestDue);
  const handoverDue = await warnHandoverDue(ctx, now, notices.handoverDue);
  const complianceLapsed = await flagComplianceLapses(ctx, now, notices.complianceLapsed);
  const run = {
    started,
    reminded,
    overdue,
    overdueEscalated,
    expired,
    waitingEscalated,
    gasRetestDue,
    handoverDue,
    complianceLapsed,
  };
  if (touchedBy(run) > 0) {
    ctx.log.info(
      {
        event: "permit-scheduler",
        started,
        expired,
        reminded: reminded.length,
        overdue: overdue.length,
        overdueEscalated: overdueEscalated.length,
        waitingEscalated: waitingEscalated.length,
        gasRetestDue: gasRetestDue.length,
        handoverDue: handoverDue.length,
        complianceLapsed: complianceLapsed.length,
      },
      "permit scheduler ran",
    );
  }
  return run;
}
