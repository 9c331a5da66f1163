import type { TErrorCode } from "@openpermit/shared";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { authAttempts } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { verifyPassword } from "../../lib/passwords";
import { auditSignIn } from "../audit/append";
import { companyIsDisabled, findUserByEmail, normaliseEmail, type TUserRow } from "../users/users.repository";
import { startSession } from "./sessions.service";

/** 429 after this many failed sign-ins for one account or from one address within the window. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;

const REFUSALS: Partial<Record<string, TErrorCode>> = {
  pending_confirmation: "ACCOUNT_NOT_CONFIRMED",
  pending_verification: "ACCOUNT_INACTIVE",
  disabled: "ACCOUNT_DISABLED",
  invited: "INVALID_CREDENTIALS",
};

async function recentFailures(ctx: TContext, email: string, ip: string) {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const [row] = await ctx.db
    .select({
      byEmail: sql<number>`count(*) filter (where ${authAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${authAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(authAttempts)
    .where(
      and(
        or(eq(authAttempts.email, email), eq(authAttempts.ip, ip)),
        eq(authAttempts.purpose, "sign_in"),
        eq(authAttempts.outcome, "failure"),
        gt(authAttempts.createdAt, since),
      ),
    );
  return row ?? { byEmail: 0, byIp: 0 };
}

/**
 * E-mail and password → an access token and a new session. Unknown e-mails cost the same time and get
 * the same answer as wrong passwords; every attempt and refusal is recorded and logged.
 */
export async function signIn(ctx: TContext, input: { email: string; password: string }, ip: string) {
  const email = normaliseEmail(input.email);
  const record = async (outcome: "success" | "failure" | "refused" | "throttled", reason: string, user?: TUserRow) => {
    await ctx.db.insert(authAttempts).values({ email, ip, outcome, reason, userId: user?.id ?? null });
    await auditSignIn(ctx.pool, { outcome, reason, email, ip }, user);
    ctx.log.info({ event: "sign-in", outcome, reason, email, ip }, `sign-in ${outcome}`);
  };

  const failures = await recentFailures(ctx, email, ip);
  if (failures.byEmail >= SIGN_IN_MAX_FAILURES || failures.byIp >= SIGN_IN_MAX_FAILURES) {
    await record("throttled", failures.byEmail >= SIGN_IN_MAX_FAILURES ? "account" : "address");
    throw new AppError("TOO_MANY_ATTEMPTS", "Too many failed attempts. Try again in a few minutes.");
  }

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await record("failure", user ? "wrong password" : "unknown email", user);
    throw new AppError("INVALID_CREDENTIALS", "Incorrect email address or password");
  }
  const refusal = REFUSALS[user.status] ?? ((await companyIsDisabled(ctx.db, user)) ? "ACCOUNT_DISABLED" : undefined);
  if (refusal) {
    await record("refused", user.status, user);
    throw new AppError(refusal);
  }
  const refresh = await startSession(ctx.db, user.id);
  const token = await ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    role: user.role,
    sessionId: refresh.familyId,
  });
  await record("success", "ok", user);
  return { token, refresh };
}
