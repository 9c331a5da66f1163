import { eq, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { authAttempts } from "../../db/schema";

type TAttempt = Pick<typeof authAttempts.$inferInsert, "email" | "ip" | "userId" | "purpose">;
type TOutcome = "success" | "failure" | "refused" | "throttled";

/** Why a password is not checked now (recorded as the attempt's reason), and when trying again may succeed. */
export interface TThrottle {
  reason: string;
  retryAfterSeconds: number;
}

/** What the reservation stores until the password is checked: a failure, so that a check that never ends counts. */
const CHECKING = { outcome: "failure", reason: "checking" } as const;

/**
 * Reserves one password check, or refuses it. Under transaction advisory locks on `keys` (one per counter the
 * limits count: an account, an address, a person), `throttle` reads the recent failures. When it refuses, the
 * attempt is stored as throttled; when it allows the check, the attempt is stored at once as a failure, before the
 * password is verified. A concurrent guess waits
 * for the lock and then counts it: however many arrive together, no more than the limit are checked. The caller
 * settles the reservation with its real outcome (`settleAttempt`). The locks are held for two short statements,
 * never while a password is hashed.
 */
export async function reserveAttempt(
  ctx: TContext,
  keys: string[],
  attempt: TAttempt,
  throttle: (tx: TDb) => Promise<TThrottle | null>,
): Promise<{ id: string } | { throttle: TThrottle }> {
  return inTransaction(ctx.pool, async (tx) => {
    // Always in the same order, so that two attempts sharing two keys cannot deadlock.
    for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const refusal = await throttle(tx);
    if (refusal) {
      await tx.insert(authAttempts).values({ ...attempt, outcome: "throttled", reason: refusal.reason });
      return { throttle: refusal };
    }
    const [row] = await tx
      .insert(authAttempts)
      .values({ ...attempt, ...CHECKING })
      .returning({ id: authAttempts.id });
    return { id: row!.id };
  });
}

/** The reserved attempt's real outcome, once the password is checked. */
export async function settleAttempt(db: TDb, id: string, outcome: TOutcome, reason: string, userId?: string | null) {
  await db
    .update(authAttempts)
    .set({ outcome, reason, ...(userId === undefined ? {} : { userId }) })
    .where(eq(authAttempts.id, id));
}
