import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { and, eq, gt, isNull } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { demands, enterprises, invitations, oneTimeCodes, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { hashPassword } from "../../lib/passwords";
import { acceptPendingInvitations } from "../affiliations/affiliation-state";
import { spendMailAllowanceIn } from "../mail/mail-allowance";
import { templates } from "../mail/templates";
import { companyIsDisabled, findUserByEmail, findUserById, type TUserRow } from "../users/users.repository";
import { CODE_TTL_SECONDS, checkCode, codeExpiry, codeRefusal, issueCode } from "./codes";

export const INVITATION_TTL_DAYS = 7;

/** Sends a new confirmation code to an account still waiting for one; the same answer for any e-mail. */
export async function resendConfirmation(ctx: TContext, rawEmail: string) {
  const user = await findUserByEmail(ctx.db, rawEmail);
  if (user?.status !== "pending_confirmation") return { codeExpiresAt: codeExpiry("confirm_account").toISOString() };
  return { codeExpiresAt: (await mailNewConfirmationCode(ctx, user)).toISOString() };
}

/** Mails a new confirmation code to an account waiting for one (its earlier codes stop working). */
export async function mailNewConfirmationCode(ctx: TContext, user: TUserRow): Promise<Date> {
  const expiresAt = await inTransaction(ctx.pool, async (tx, client) => {
    const { code, expiresAt } = await issueCode(tx, ctx.codeKey, user.id, "confirm_account");
    const mail = templates.confirmAccount[user.language]({ code, minutes: CODE_TTL_SECONDS.confirm_account / 60 });
    await ctx.jobs.sendEmail({ to: user.email, ...mail }, client);
    return expiresAt;
  });
  ctx.jobs.wake();
  return expiresAt;
}

/**
 * The code proves the e-mail. A supplier is then active; an enterprise waits, "under verification",
 * for the platform admin to approve its `enterprise_account` demand.
 */
export async function confirmAccount(ctx: TContext, rawEmail: string, code: string) {
  const user = await findUserByEmail(ctx.db, rawEmail);
  // An account no longer waiting for its code answers as no account does: this form tells nobody who has one.
  if (user?.status !== "pending_confirmation") throw codeRefusal("SECURITY_CODE_INVALID");
  // A company the admin disabled while it waited for its code stays disabled: confirming must not revive it.
  if (await companyIsDisabled(ctx.db, user))
    throw new AppError("ACCOUNT_DISABLED", "This company's account is disabled.");
  const outcome = await inTransaction(ctx.pool, async (tx) => {
    const check = await checkCode(tx, ctx.codeKey, user.id, "confirm_account", code);
    if (!check.ok) return check;
    const now = new Date();
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, check.codeId));
    if (user.role === "Supplier" && user.supplierId) {
      await tx
        .update(users)
        .set({ status: "active", emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx.update(suppliers).set({ status: "active", updatedAt: now }).where(eq(suppliers.id, user.supplierId));
      return { ok: true as const, status: "active" as const };
    }
    if (user.role === "Enterprise" && user.enterpriseId) {
      await tx
        .update(users)
        .set({ status: "pending_verification", emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx
        .update(enterprises)
        .set({ status: "pending_verification", updatedAt: now })
        .where(eq(enterprises.id, user.enterpriseId));
      await tx
        .insert(demands)
        .values({ kind: "enterprise_account", enterpriseId: user.enterpriseId, requestedBy: user.id });
      return { ok: true as const, status: "pending_verification" as const };
    }
    return { ok: false as const, error: "CONFIRMATION_FAILED" as const };
  });
  if (!outcome.ok) throw codeRefusal(outcome.error);
  ctx.log.info({ event: "account-confirmed", userId: user.id, status: outcome.status }, "account confirmed");
  return { status: outcome.status };
}

/** Who sends an invitation: the account it is counted against, and how the mail names them. */
export interface TInviter {
  id: string;
  name: string;
}

/**
 * Invites a person created by someone else (a manager, an employee, an invited supplier) to complete
 * the account: the link goes to Complete-Account, or complete/supplier for a supplier company.
 */
export async function sendInvitation(ctx: TContext, userId: string, inviter: TInviter) {
  const user = await findUserById(ctx.db, userId);
  if (user?.status !== "invited") throw new AppError("CONFLICT", "Only an invited account can be invited again.");
  const token = await inTransaction(ctx.pool, (tx, client) => queueInvitation(ctx, tx, client, user, inviter));
  ctx.jobs.wake();
  return token;
}

/**
 * The invitation of `sendInvitation`, inside the caller's transaction: a person created there is invited
 * if and only if that transaction commits. Earlier links of the person stop working. The mail is counted against
 * the person's address and the inviter (429 when either has had its hour's worth). Wake the job queue after the
 * commit.
 */
export async function queueInvitation(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  user: Pick<TUserRow, "id" | "email" | "name" | "role" | "language">,
  inviter: TInviter,
) {
  await spendMailAllowanceIn(ctx, tx, { kind: "invitation", to: [user.email], by: { account: inviter.id } });
  return queueInvitationMail(ctx, tx, client, user, inviter);
}

/** `queueInvitation` for a caller that counted the mail already (before it looked the address up). */
export async function queueInvitationMail(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  user: Pick<TUserRow, "id" | "email" | "name" | "role" | "language">,
  inviter: TInviter,
) {
  const { token, url } = await renewInvitationLink(ctx, tx, user);
  const mail = templates.invitation[user.language]({
    name: user.name,
    inviter: inviter.name,
    url,
    days: INVITATION_TTL_DAYS,
  });
  await ctx.jobs.sendEmail({ to: user.email, ...mail }, client);
  return token;
}

/** A new link to complete an invited account, in `tx`: the person's earlier links stop working. */
export async function renewInvitationLink(ctx: TContext, tx: TDb, user: Pick<TUserRow, "id" | "role">) {
  const token = randomToken();
  await tx
    .update(invitations)
    .set({ usedAt: new Date() })
    .where(and(eq(invitations.userId, user.id), isNull(invitations.usedAt)));
  await tx.insert(invitations).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  const page = user.role === "Supplier" ? AUTH_PATHS.completeSupplier : AUTH_PATHS.completeAccount;
  return { token, url: `${ctx.config.publicUrl}${authPath(page)}?token=${token}` };
}

async function liveInvitation(ctx: TContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: invitations, user: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(eq(invitations.tokenHash, sha256(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())),
    )
    .limit(1);
  if (row?.user.status !== "invited")
    throw new AppError("INVITATION_INVALID", "This invitation link is invalid or has expired.");
  return row;
}

/** What an invitation link is for, shown on Complete-Account before the person sets a password. */
export async function invitationInfo(ctx: TContext, token: string) {
  const { user } = await liveInvitation(ctx, token);
  let companyName: string | null = null;
  if (user.supplierId) {
    const [s] = await ctx.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, user.supplierId));
    companyName = s?.name ?? null;
  } else if (user.enterpriseId) {
    const [e] = await ctx.db
      .select({ name: enterprises.name })
      .from(enterprises)
      .where(eq(enterprises.id, user.enterpriseId));
    companyName = e?.name ?? null;
  }
  return { email: user.email, name: user.name, phone: user.phone, role: user.role, companyName };
}

/** The invited person sets a password (and may correct name and phone); the account is then active. */
export async function completeAccount(
  ctx: TContext,
  input: {
    token: string;
    password: string;
    name?: string | undefined;
    phone?: string | undefined;
    companyName?: string | undefined;
  },
) {
  const { invitation, user } = await liveInvitation(ctx, input.token);
  const passwordHash = await hashPassword(input.password);
  const done = await inTransaction(ctx.pool, async (tx) => {
    // Claiming the invitation first makes a double submission harmless: only one wins.
    const claimed = await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
      .returning({ id: invitations.id });
    if (claimed.length === 0) return false;
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        status: "active",
        emailConfirmedAt: now,
        passwordChangedAt: now,
        updatedAt: now,
        ...(input.name ? { name: input.name } : {}),
        ...(input.phone ? { phone: input.phone } : {}),
      })
      .where(eq(users.id, user.id));
    if (user.role === "Supplier" && user.supplierId) {
      await tx
        .update(suppliers)
        .set({ status: "active", updatedAt: now, ...(input.companyName ? { name: input.companyName } : {}) })
        .where(eq(suppliers.id, user.supplierId));
      // The enterprises that invited this company are answered "yes" by completing the account.
      await acceptPendingInvitations(tx, user.supplierId, user.id);
    }
    return true;
  });
  if (!done) throw new AppError("INVITATION_INVALID", "This invitation link is invalid or has expired.");
  return { email: user.email };
}
