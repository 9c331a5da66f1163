import type { TErrorCode } from "@openpermit/shared";
import type { TContext } from "../../context";
import { AppError, TryLaterError } from "../../lib/app-error";
import { verifyPassword } from "../../lib/passwords";
import { auditSignIn } from "../audit/append";
import { companyIsDisabled, findUserByEmail, normaliseEmail } from "../users/users.repository";
import { reserveAttempt, settleAttempt } from "./attempts";
import { startSession } from "./sessions.service";
import { signInLockKeys, signInThrottle } from "./sign-in-limits";

const REFUSALS: Partial<Record<string, TErrorCode>> = {
  pending_confirmation: "ACCOUNT_NOT_CONFIRMED",
  pending_verification: "ACCOUNT_INACTIVE",
  disabled: "ACCOUNT_DISABLED",
  invited: "INVALID_CREDENTIALS",
};

/**
 * E-mail and password → an access token and a new session. Unknown e-mails cost the same time and get
 * the same answer as wrong passwords; every attempt and refusal is recorded and logged.
 */
export async function signIn(ctx: TContext, input: { email: string; password: string }, ip: string) {
  const email = normaliseEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  const report = async (outcome: "success" | "failure" | "refused" | "throttled", reason: string) => {
    await auditSignIn(ctx.pool, { outcome, reason, email, ip }, user);
    ctx.log.info({ event: "sign-in", outcome, reason, email, ip }, `sign-in ${outcome}`);
  };

  // The attempt is counted before the password is checked (attempts.ts): concurrent guesses cannot outrun the limits.
  const reserved = await reserveAttempt(ctx, signInLockKeys(email, ip), { email, ip, userId: user?.id ?? null }, (tx) =>
    signInThrottle(tx, email, ip, user?.passwordChangedAt ?? null),
  );
  if ("throttle" in reserved) {
    const { reason, retryAfterSeconds } = reserved.throttle;
    await report("throttled", reason);
    throw new TryLaterError(retryAfterSeconds, "Too many failed attempts. Try again in a few minutes.");
  }
  const record = async (outcome: "success" | "failure" | "refused", reason: string) => {
    await settleAttempt(ctx.db, reserved.id, outcome, reason);
    await report(outcome, reason);
  };

  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await record("failure", user ? "wrong password" : "unknown email");
    throw new AppError("INVALID_CREDENTIALS", "Incorrect email address or password");
  }
  const refusal = REFUSALS[user.status] ?? ((await companyIsDisabled(ctx.db, user)) ? "ACCOUNT_DISABLED" : undefined);
  if (refusal) {
    await record("refused", user.status);
    throw new AppError(refusal);
  }
  const refresh = await startSession(ctx.db, user.id);
  const token = await ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    role: user.role,
    sessionId: refresh.familyId,
  });
  await record("success", "ok");
  return { token, refresh };
}
