import type { TLanguage, TPermitActionInput } from "@openpermit/shared";
import { and, eq, gt, sql } from "drizzle-orm";
import type { TContext } from "../../../context";
import { authAttempts, users } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { verifyPassword } from "../../../lib/passwords";
import type { TCaller } from "../../../plugins/auth";
import { appendAuditAlone } from "../../audit/append";
import { SIGN_IN_WINDOW_MINUTES } from "../../auth/sign-in-limits";

/** Five wrong signing passwords in a row lock signing for the sign-in window (15 minutes). */
export const SIGNATURE_MAX_FAILURES = 5;

/**
 * Failed signing attempts of this person since their last successful one, within the window: the sign-in's
 * record (auth_attempts, purpose `signature`) and its window, counted per person.
 */
async function failuresInARow(ctx: TContext, userId: string): Promise<number> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const lastSuccess = sql`(SELECT max(${authAttempts.createdAt}) FROM ${authAttempts} WHERE ${authAttempts.userId} = ${userId}
    AND ${authAttempts.purpose} = 'signature' AND ${authAttempts.outcome} = 'success')`;
  const [row] = await ctx.db
    .select({ failures: sql<number>`count(*)`.mapWith(Number) })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.userId, userId),
        eq(authAttempts.purpose, "signature"),
        eq(authAttempts.outcome, "failure"),
        gt(authAttempts.createdAt, since),
        sql`${authAttempts.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
      ),
    );
  return row?.failures ?? 0;
}

/**
 * Checks that the signer gave their current password: 429 while signing is locked, 401
 * SIGNATURE_PASSWORD_INVALID (recorded, nothing changes) when wrong. Runs before the move's transaction so that
 * a refusal is recorded even though the move never happens. Returns the language the declaration was read in.
 */
export async function authenticateSigner(
  ctx: TContext,
  caller: TCaller,
  permitId: string,
  input: Pick<TPermitActionInput, "password" | "language">,
  // What is signed, as the audit names it: a permit, or an isolation point's proof.
  objectType: "permit" | "isolationPoint" = "permit",
): Promise<TLanguage> {
  const ip = caller.ip ?? "";
  const record = async (outcome: "success" | "failure" | "throttled", reason: string) => {
    await ctx.db
      .insert(authAttempts)
      .values({ email: caller.email, ip, outcome, reason, userId: caller.id, purpose: "signature" });
    if (outcome !== "success") {
      await appendAuditAlone(ctx.pool, {
        by: caller,
        action: "permit.signatureFailed",
        object: [objectType, permitId],
        details: { reason },
        ip,
      });
    }
    ctx.log.info({ event: "signature", outcome, reason, by: caller.id, permit: permitId }, `signature ${outcome}`);
  };
  if ((await failuresInARow(ctx, caller.id)) >= SIGNATURE_MAX_FAILURES) {
    await record("throttled", "locked");
    throw new AppError("TOO_MANY_ATTEMPTS", "Too many wrong passwords. Try again in a few minutes.");
  }
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!(await verifyPassword(user?.hash ?? null, input.password ?? ""))) {
    await record("failure", "wrong password");
    throw new AppError("SIGNATURE_PASSWORD_INVALID", "This is not your password: nothing was signed.");
  }
  await record("success", "ok");
  return input.language ?? caller.language;
}
