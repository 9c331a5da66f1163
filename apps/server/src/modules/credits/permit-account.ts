import { CREDITS_LOW_THRESHOLD, documentNumber } from "@openpermit/shared";
import { and, eq, lt, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { creditTransactions, enterprisePermitAccounts } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** Tells an enterprise that few (or no) credits remain, inside the send's transaction. */
export type TLowCreditsWarning = (tx: TDb, enterpriseId: string, remaining: number) => Promise<unknown>;

/**
 * Gives a permit its document number and spends one of its enterprise's credits, inside the caller's
 * transaction (the permit's first send).
 *
 * One conditional UPDATE takes the number and the credit together: the row lock it takes makes concurrent sends
 * queue on the enterprise's row, so two sends never get the same number nor spend the same last credit, and a
 * rolled-back send gives both back (numbers stay gap-free). Numbers are per enterprise and never reset; the year
 * in the number is the year of `now` (UTC).
 *
 * When this send leaves CREDITS_LOW_THRESHOLD credits, or none, `warnLow` is called in the same transaction (the
 * UPDATE's RETURNING tells: each send takes exactly one, so the count passes each value once until a purchase).
 *
 * Throws NO_PERMIT_CREDITS (409) when the enterprise has no credit left.
 */
export async function takeNumberAndCredit(
  tx: TDb,
  enterpriseId: string,
  actorId: string,
  permitId: string,
  now: Date,
  warnLow?: TLowCreditsWarning,
): Promise<string> {
  // An enterprise that never bought credits has no row yet; create it empty so the UPDATE below decides alone.
  await tx.insert(enterprisePermitAccounts).values({ enterpriseId }).onConflictDoNothing();
  const [taken] = await tx
    .update(enterprisePermitAccounts)
    .set({
      nextNumber: sql`${enterprisePermitAccounts.nextNumber} + 1`,
      creditsUsed: sql`${enterprisePermitAccounts.creditsUsed} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(enterprisePermitAccounts.enterpriseId, enterpriseId),
        lt(enterprisePermitAccounts.creditsUsed, enterprisePermitAccounts.creditsTotal),
      ),
    )
    // RETURNING sees the updated row: the number taken is the one before the increment.
    .returning({
      number: sql<number>`${enterprisePermitAccounts.nextNumber} - 1`,
      remaining: sql<number>`${enterprisePermitAccounts.creditsTotal} - ${enterprisePermitAccounts.creditsUsed}`,
    });
  if (!taken) throw new AppError("NO_PERMIT_CREDITS", "The enterprise has no permit credit left");
  await tx.insert(creditTransactions).values({
    enterpriseId,
    kind: "consumption",
    quantity: -1,
    permitId,
    recordedBy: actorId,
    createdAt: now,
  });
  const remaining = Number(taken.remaining);
  if (warnLow && (remaining === CREDITS_LOW_THRESHOLD || remaining === 0)) await warnLow(tx, enterpriseId, remaining);
  return documentNumber(now.getUTCFullYear(), Number(taken.number));
}
