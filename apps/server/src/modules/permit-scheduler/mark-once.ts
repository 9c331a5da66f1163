import { and, inArray, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { permits } from "../../db/schema";

/** At most this many permits per step and run: a backlog (after downtime) drains over the next minutes. */
export const BATCH = 500;

export type TNotice = (tx: TDb, client: pg.PoolClient, permitIds: string[], now: Date) => Promise<unknown>;

/**
 * Marks the permits that meet `due` (a condition on the permit's own row, its "not yet marked" included) with
 * `set`, and tells their people in the same transaction. Two runs at once take different rows (SKIP LOCKED) and
 * the UPDATE repeats the condition, so each permit is marked, and its people told, exactly once.
 */
export function markOnce(
  ctx: TContext,
  now: Date,
  due: SQL,
  set: Partial<typeof permits.$inferInsert>,
  notice: TNotice | undefined,
): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const locked = tx
      .select({ id: permits.id })
      .from(permits)
      .where(due)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const marked = await tx
      .update(permits)
      .set(set)
      .where(and(inArray(permits.id, locked), due))
      .returning({ id: permits.id });
    const ids = marked.map((m) => m.id);
    if (ids.length > 0) await notice?.(tx, client, ids, now);
    return ids;
  });
}
