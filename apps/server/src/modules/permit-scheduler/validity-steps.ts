import { PERMIT_EXPIRY } from "@openpermit/shared";
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { permitEvents, permits } from "../../db/schema";
import { BATCH, markOnce, type TNotice } from "./mark-once";

/** The history remark of a permit the scheduler closed as expired (no actor). */
export const EXPIRE_REMARK = "Expired: the period of validity passed before the work started";

/** The permit's enterprise's setting, read in the condition itself (no query per permit or per enterprise). */
const enterpriseMinutes = (column: "overdue_escalation_grace_minutes" | "waiting_escalation_delay_minutes") =>
  sql`((SELECT ${sql.identifier(column)} FROM enterprises e WHERE e.id = ${permits.enterpriseId}) * interval '1 minute')`;

/**
 * Tells the division's SuperResponsibles and the Enterprise, once, that work still runs past its end beyond the
 * enterprise's overdue grace (the holder and the area's managers were told at the end: warnOverdue).
 */
export function escalateOverdue(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  const due = and(
    eq(permits.status, "In_progress"),
    // Closed out by its holder: nobody works under it any more; the hand-back wait is escalated with the others.
    isNull(permits.closedOutAt),
    isNull(permits.overdueEscalatedAt),
    sql`${permits.endAt} + ${enterpriseMinutes("overdue_escalation_grace_minutes")} < ${now.toISOString()}::timestamptz`,
  )!;
  return markOnce(ctx, now, due, { overdueEscalatedAt: now }, notice);
}

/**
 * Tells the division's SuperResponsibles and the Enterprise, once per wait, that a permit has waited on the
 * principal's side longer than the enterprise's delay: sent or verified (a wait from the last send: a permit
 * escalated, sent back for a recheck and sent again is escalated again if it waits too long again), or closed out
 * by its holder and waiting for the area manager's hand-back (a wait from the close-out).
 */
export function escalateWaiting(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  const waitedSince = (since: typeof permits.sentAt | typeof permits.closedOutAt) =>
    and(
      or(isNull(permits.waitEscalatedAt), lt(permits.waitEscalatedAt, since)),
      sql`${since} + ${enterpriseMinutes("waiting_escalation_delay_minutes")} < ${now.toISOString()}::timestamptz`,
    );
  const due = or(
    and(inArray(permits.status, ["sended", "Confirmed"]), waitedSince(permits.sentAt)),
    and(eq(permits.status, "In_progress"), isNotNull(permits.closedOutAt), waitedSince(permits.closedOutAt)),
  )!;
  return markOnce(ctx, now, due, { waitEscalatedAt: now }, notice);
}

/**
 * Closes as expired (status Canceled, `expiredAt` set, an `expire` history event by nobody) the approved or
 * accepted permits whose window ended before they started: nobody may start them any more, and they must not
 * stay on the lists as if still to come. The status guard is in the UPDATE (a permit started meanwhile stays).
 */
export function expireUnstarted(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const due = await tx
      .select({ id: permits.id, status: permits.status })
      .from(permits)
      .where(and(inArray(permits.status, PERMIT_EXPIRY.from), lt(permits.endAt, now)))
      .orderBy(permits.endAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const moved = await tx
      .update(permits)
      .set({ status: PERMIT_EXPIRY.to, expiredAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            permits.id,
            due.map((d) => d.id),
          ),
          inArray(permits.status, PERMIT_EXPIRY.from),
        ),
      )
      .returning({ id: permits.id });
    const ids = moved.map((m) => m.id);
    if (ids.length === 0) return ids;
    // Locked FOR UPDATE above: the status read is the one the UPDATE moved from.
    const fromOf = new Map(due.map((d) => [d.id, d.status]));
    await tx.insert(permitEvents).values(
      ids.map((permitId) => ({
        permitId,
        action: "expire" as const,
        fromStatus: fromOf.get(permitId)!,
        toStatus: PERMIT_EXPIRY.to,
        actorId: null,
        remark: EXPIRE_REMARK,
        createdAt: now,
      })),
    );
    await notice?.(tx, client, ids, now);
    return ids;
  });
}

/**
 * Tells the holder's side and the area's managers, once per shift, that work in progress has run longer than the
 * enterprise's shift length since its start or last handover without a handover recorded (isHandoverDue; never
 * when the enterprise sets no shift length). An accepted handover clears the mark and starts a new shift.
 */
export function warnHandoverDue(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  const shiftLength = sql`((SELECT e.shift_length_hours FROM enterprises e WHERE e.id = ${permits.enterpriseId}) * interval '1 hour')`;
  const due = and(
    eq(permits.status, "In_progress"),
    isNull(permits.closedOutAt),
    isNull(permits.handoverDueWarnedAt),
    // NULL (no shift length) compares as unknown: never due.
    sql`${permits.shiftStartedAt} + ${shiftLength} < ${now.toISOString()}::timestamptz`,
  )!;
  return markOnce(ctx, now, due, { handoverDueWarnedAt: now }, notice);
}
