import type { TLanguage, TPermitActionInput } from "@openpermit/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TContext } from "../../../context";
import type { TDb } from "../../../db/client";
import { authAttempts, users } from "../../../db/schema";
import { AppError, TryLaterError } from "../../../lib/app-error";
import { verifyPassword } from "../../../lib/passwords";
import type { TCaller } from "../../../plugins/auth";
import { appendAuditAlone } from "../../audit/append";
import { reserveAttempt, settleAttempt, type TThrottle } from "../../auth/attempts";
import { SIGN_IN_WINDOW_MINUTES } from "../../auth/sign-in-limits";

/** Five wrong signing passwords in a row lock signing for the sign-in window (15 minutes). */
export const SIGNATURE_MAX_FAILURES = 5;

/**
 * Whether signing is locked for this person: five failed signing attempts since their last successful one, within
 * the window (the sign-in's record, auth_attempts with purpose `signature`, and its window), and when the oldest of
 * them leaves it.
 */
async function signingLock(tx: TDb, userId: string): Promise<TThrottle | null> {
  const windowLength = sql`make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`;
  const lastSuccess = sql`(SELECT max(${authAttempts.createdAt}) FROM ${authAttempts} WHERE ${authAttempts.userId} = ${userId}
    AND ${authAttempts.purpose} = 'signature' AND ${authAttempts.outcome} = 'success')`;
  const [row] = await tx
    .select({
      failures: sql<number>`count(*)`.mapWith(Number),
      freedIn: sql<number | null>`extract(epoch FROM min(${authAttempts.createdAt}) + ${windowLength} - now())::float8`,
    })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.userId, userId),
        eq(authAttempts.purpose, "signature"),
        eq(authAttempts.outcome, "failure"),
        sql`${authAttempts.createdAt} > now() - ${windowLength}`,
        sql`${authAttempts.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
      ),
    );
  if (!row || row.failures < SIGNATURE_MAX_FAILURES) return null;
  return { reason: "locked", retryAfterSeconds: row.freedIn ?? 1 };
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
  const report = async (outcome: "success" | "failure" | "throttled", reason: string) => {
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
  // Counted before the password is checked (auth/attempts.ts): wrong passwords sent together cannot outrun the lock.
  const attempt = { email: caller.email, ip, userId: caller.id, purpose: "signature" };
  const reserved = await reserveAttempt(ctx, [`signature:${caller.id}`], attempt, (tx) => signingLock(tx, caller.id));
  if ("throttle" in reserved) {
    await report("throttled", reserved.throttle.reason);
    throw new TryLaterError(
      reserved.throttle.retryAfterSeconds,
      "Too many wrong passwords. Try again in a few minutes.",
    );
  }
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!(await verifyPassword(user?.hash ?? null, input.password ?? ""))) {
    await settleAttempt(ctx.db, reserved.id, "failure", "wrong password");
    await report("failure", "wrong password");
    throw new AppError("SIGNATURE_PASSWORD_INVALID", "This is not your password: nothing was signed.");
  }
  await settleAttempt(ctx.db, reserved.id, "success", "ok");
  await report("success", "ok");
  return input.language ?? caller.language;
}
