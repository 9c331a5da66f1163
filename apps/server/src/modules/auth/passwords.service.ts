import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { oneTimeCodes, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { appendAudit } from "../audit/append";
import { templates } from "../mail/templates";
import { findUserByEmail, findUserById } from "../users/users.repository";
import { CODE_TTL_SECONDS, checkCode, codeExpiry, codeRefusal, issueCode } from "./codes";
import { endAllSessions, startSession } from "./sessions.service";

/** Accounts that may reset a password: they have one and are not closed. */
const RESETTABLE = new Set(["active", "pending_verification"]);

/**
 * Sends a reset code. The answer is the same whether or not the e-mail has an account, so the form
 * cannot be used to find out who has one.
 */
export async function forgotPassword(ctx: TContext, rawEmail: string) {
  const user = await findUserByEmail(ctx.db, rawEmail);
  if (!user?.passwordHash || !RESETTABLE.has(user.status)) {
    ctx.log.info({ event: "forgot-password", known: false }, "reset code asked for an unknown or closed account");
    return { codeExpiresAt: codeExpiry("reset_password").toISOString() };
  }
  try {
    const expiresAt = await inTransaction(ctx.pool, async (tx, client) => {
      const { code, expiresAt } = await issueCode(tx, ctx.codeKey, user.id, "reset_password");
      const mail = templates.resetPassword[user.language]({ code, minutes: CODE_TTL_SECONDS.reset_password / 60 });
      await ctx.jobs.sendEmail({ to: user.email, ...mail }, client);
      return expiresAt;
    });
    ctx.jobs.wake();
    ctx.log.info({ event: "forgot-password", userId: user.id }, "reset code sent");
    return { codeExpiresAt: expiresAt.toISOString() };
  } catch (error) {
    ctx.log.error({ err: error }, "could not queue the reset code");
    throw new AppError("CODE_SEND_FAILED", "Failed to send the verification code");
  }
}

/** A right code is exchanged, once, for a reset token that must come with the new password. */
export async function verifyResetCode(ctx: TContext, rawEmail: string, code: string) {
  const user = await findUserByEmail(ctx.db, rawEmail);
  if (!user) throw codeRefusal("SECURITY_CODE_INVALID");
  const resetToken = randomToken();
  const outcome = await inTransaction(ctx.pool, async (tx) => {
    const check = await checkCode(tx, ctx.codeKey, user.id, "reset_password", code);
    if (!check.ok) return check;
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date(), resetTokenHash: sha256(resetToken) })
      .where(eq(oneTimeCodes.id, check.codeId));
    return check;
  });
  if (!outcome.ok) throw codeRefusal(outcome.error);
  return { resetToken };
}

/** Sets the new password; the reset token works once and within the code's lifetime. Every session ends. */
export async function resetPassword(ctx: TContext, resetToken: string, password: string) {
  const passwordHash = await hashPassword(password);
  const userId = await inTransaction(ctx.pool, async (tx) => {
    const [claimed] = await tx
      .update(oneTimeCodes)
      .set({ resetTokenHash: null })
      .where(
        and(
          eq(oneTimeCodes.resetTokenHash, sha256(resetToken)),
          eq(oneTimeCodes.purpose, "reset_password"),
          isNotNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, new Date()),
        ),
      )
      .returning({ userId: oneTimeCodes.userId });
    if (!claimed) return null;
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    if (user) await appendAudit(tx, { by: user, action: "auth.passwordReset", object: ["user", user.id] });
    await endAllSessions(tx, claimed.userId);
    return claimed.userId;
  });
  if (!userId) throw new AppError("SECURITY_CODE_EXPIRED", "The reset has expired. Ask for a new code.");
  ctx.log.info({ event: "password-reset", userId }, "password reset");
}

/** The old password is checked; other devices are signed out, this one gets a fresh session. */
export async function changePassword(ctx: TContext, userId: string, oldPassword: string, newPassword: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError("OLD_PASSWORD_INVALID", "Old password invalid", { oldPassword: "OLD_PASSWORD_INVALID" });
  }
  const passwordHash = await hashPassword(newPassword);
  const refresh = await inTransaction(ctx.pool, async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await appendAudit(tx, { by: user, action: "auth.passwordChanged", object: ["user", userId] });
    await endAllSessions(tx, userId);
    return startSession(tx, userId);
  });
  ctx.log.info({ event: "password-changed", userId }, "password changed");
  return refresh;
}
