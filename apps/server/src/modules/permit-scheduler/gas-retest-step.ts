import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { permits } from "../../db/schema";
import { gasTestHolds } from "../gas-tests/start-check";
import { markOnce, type TNotice } from "./mark-once";

/**
 * Marks (once per overdue re-test) the permits whose work goes on while their gas test no longer holds — in
 * progress, not suspended nor closed out, the latest test failed or older than the work type's interval — and tells
 * the holder's side and the area's managers, as for overdue work. A new test starts a new wait: a permit warned
 * before its latest test is warned again when that one grows old.
 */
export function warnGasRetestDue(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  const due = and(
    eq(permits.status, "In_progress"),
    isNull(permits.closedOutAt),
    isNull(permits.suspendedAt),
    sql`NOT ${gasTestHolds(now)}`,
    or(isNull(permits.gasRetestWarnedAt), lt(permits.gasRetestWarnedAt, permits.gasTestedAt)),
  )!;
  return markOnce(ctx, now, due, { gasRetestWarnedAt: now }, notice);
}
