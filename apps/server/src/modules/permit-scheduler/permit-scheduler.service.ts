import { PERMIT_TRANSITIONS } from "@openpermit/shared";
import { and, eq, gt, inArray, isNull, lt, lte } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { permitEvents, permits } from "../../db/schema";

/** How long before an accepted permit's start its people are reminded. */
export const START_REMINDER_MINUTES = 30;
/** The history remark of a permit the scheduler started (no actor: nobody pressed Start). */
export const AUTO_START_REMARK = "Started automatically at the start time";
/** At most this many permits per step and run: a backlog (after downtime) drains over the next minutes. */
const BATCH = 500;

/**
 * What the scheduler tells people, inside the transaction that marks or moves the permits (a rolled-back run
 * tells nobody). The notifications module plugs in here: `permit.started`, `permit.startsSoon`, `permit.overdue`.
 */
export interface TSchedulerNotices {
  started?(tx: TDb, client: pg.PoolClient, permitIds: string[], now: Date): Promise<unknown>;
  startsSoon?(tx: TDb, client: pg.PoolClient, permitIds: string[], now: Date): Promise<unknown>;
  overdue?(tx: TDb, client: pg.PoolClient, permitIds: string[], now: Date): Promise<unknown>;
}

export interface TSchedulerRun {
  started: string[];
  reminded: string[];
  overdue: string[];
}

const { from: startFrom, to: startTo } = { from: PERMIT_TRANSITIONS.start.from[0]!, to: PERMIT_TRANSITIONS.start.to };

/**
 * Starts the accepted permits whose start time has come, as the API's start does: the status guard is in the
 * UPDATE itself (a permit cancelled or started by hand meanwhile is not touched, and of a manual start and this
 * one exactly one moves it), with its history event (no actor) in the same transaction.
 */
async function startDuePermits(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const due = tx
      .select({ id: permits.id })
      .from(permits)
      .where(and(eq(permits.status, startFrom), lte(permits.startAt, now)))
      .orderBy(permits.startAt)
      .limit(BATCH)
      // Another run (or a manual action) holding one of them: skip it now, it is taken next minute if still due.
      .for("update", { skipLocked: true });
    const moved = await tx
      .update(permits)
      .set({ status: startTo, updatedAt: now })
      .where(and(inArray(permits.id, due), eq(permits.status, startFrom)))
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
async function remindStartingSoon(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  const soon = new Date(now.getTime() + START_REMINDER_MINUTES * 60_000);
  return inTransaction(ctx.pool, async (tx, client) => {
    const due = tx
      .select({ id: permits.id })
      .from(permits)
      .where(
        and(
          eq(permits.status, startFrom),
          gt(permits.startAt, now),
          lte(permits.startAt, soon),
          isNull(permits.startReminderSentAt),
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const marked = await tx
      .update(permits)
      .set({ startReminderSentAt: now })
      .where(and(inArray(permits.id, due), eq(permits.status, startFrom), isNull(permits.startReminderSentAt)))
      .returning({ id: permits.id });
    const ids = marked.map((m) => m.id);
    if (ids.length > 0) await notices.startsSoon?.(tx, client, ids, now);
    return ids;
  });
}

/** Marks (once) the permits still in progress past their end without close-out, and warns their people. */
async function warnOverdue(ctx: TContext, now: Date, notices: TSchedulerNotices): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const due = tx
      .select({ id: permits.id })
      .from(permits)
      // A permit closed out by its holder is no longer overdue work: it waits for its hand-back.
      .where(
        and(
          eq(permits.status, "In_progress"),
          lt(permits.endAt, now),
          isNull(permits.overdueWarnedAt),
          isNull(permits.closedOutAt),
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const marked = await tx
      .update(permits)
      .set({ overdueWarnedAt: now })
      .where(and(inArray(permits.id, due), eq(permits.status, "In_progress"), isNull(permits.overdueWarnedAt)))
      .returning({ id: permits.id });
    const ids = marked.map((m) => m.id);
    if (ids.length > 0) await notices.overdue?.(tx, client, ids, now);
    return ids;
  });
}

/**
 * One run of the permit scheduler at `now` (every minute in production; tests pass their own `now`). Each step
 * is idempotent: a second run at the same time changes nothing, and a step that fails leaves the others done.
 * Starting comes first, so a permit due now is started rather than reminded.
 */
export async function runPermitScheduler(
  ctx: TContext,
  now: Date,
  notices: TSchedulerNotices = {},
): Promise<TSchedulerRun> {
  const started = await startDuePermits(ctx, now, notices);
  const reminded = await remindStartingSoon(ctx, now, notices);
  const overdue = await warnOverdue(ctx, now, notices);
  if (started.length + reminded.length + overdue.length > 0) {
    ctx.log.info(
      { event: "permit-scheduler", started, reminded: reminded.length, overdue: overdue.length },
      "permit scheduler ran",
    );
  }
  return { started, reminded, overdue };
}
