import type { TErrorCode } from "@openpermit/shared";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { oneTimeCodes } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { keyedHash, sameHash, sixDigitCode } from "../../lib/crypto";

type TPurpose = "confirm_account" | "reset_password";

/** How long a code works: 10 minutes for a password reset (fixed by the customer), 30 for an account confirmation. */
export const CODE_TTL_SECONDS: Record<TPurpose, number> = { confirm_account: 30 * 60, reset_password: 10 * 60 };
export const MAX_CODE_ATTEMPTS = 5;

export const codeExpiry = (purpose: TPurpose, from = new Date()) =>
  new Date(from.getTime() + CODE_TTL_SECONDS[purpose] * 1000);

/** A new code for the user; any earlier one of the same purpose stops working. */
export async function issueCode(tx: TDb, key: string, userId: string, purpose: TPurpose) {
  const code = sixDigitCode();
  const expiresAt = codeExpiry(purpose);
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
  await tx.insert(oneTimeCodes).values({ userId, purpose, codeHash: keyedHash(key, code), expiresAt });
  return { code, expiresAt };
}

const CODE_MESSAGES: Partial<Record<TErrorCode, string>> = {
  SECURITY_CODE_INVALID: "Security code invalid",
  SECURITY_CODE_EXPIRED: "This code has expired. Ask for a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes. Ask for a new one.",
  CONFIRMATION_FAILED: "Confirmation failed",
};

/**
 * The refusal of a code, worded the same whether the e-mail has no account or the code is wrong:
 * the answer must not tell which.
 */
export const codeRefusal = (error: TErrorCode) => new AppError(error, CODE_MESSAGES[error], { code: error });

export type TCodeCheck = { ok: true; codeId: string } | { ok: false; error: TErrorCode };

/**
 * Checks a guess against the user's live code. A wrong guess is counted; after MAX_CODE_ATTEMPTS the
 * code is dead even for the right value. The caller must commit the transaction before refusing,
 * so that the count sticks: hence a result, not an exception.
 */
export async function checkCode(
  tx: TDb,
  key: string,
  userId: string,
  purpose: TPurpose,
  guess: string,
): Promise<TCodeCheck> {
  const [live] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for("update");
  if (!live) return { ok: false, error: "SECURITY_CODE_INVALID" };
  if (live.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, error: "TOO_MANY_ATTEMPTS" };
  if (live.expiresAt.getTime() <= Date.now()) return { ok: false, error: "SECURITY_CODE_EXPIRED" };
  if (!sameHash(live.codeHash, keyedHash(key, guess))) {
    await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, live.id));
    return { ok: false, error: "SECURITY_CODE_INVALID" };
  }
  return { ok: true, codeId: live.id };
}
