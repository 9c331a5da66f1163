import { AUTH_PATHS, authPath, type TSignUp } from "@openpermit/shared";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { enterprises, suppliers, users } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import { appendAudit } from "../audit/append";
import { templates } from "../mail/templates";
import { findUserByEmail, normaliseEmail, type TUserRow } from "../users/users.repository";
import { INVITATION_TTL_DAYS, mailNewConfirmationCode, renewInvitationLink } from "./accounts.service";
import { CODE_TTL_SECONDS, codeExpiry, issueCode } from "./codes";

/**
 * A supplier or an enterprise opens its company account; a confirmation code goes out by e-mail. The answer
 * is the same whether or not the address already has an account (docs/decisions.md, "Sign-up and invitations
 * answer alike"): the same status and body, and the same work (the password is hashed either way). The real
 * outcome goes by mail to the address: a code for a new account, otherwise `mailAddressTaken`.
 */
export async function signUp(ctx: TContext, input: TSignUp) {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const holder = await findUserByEmail(ctx.db, email);
  if (!holder) {
    try {
      return await openAccount(ctx, { ...input, email }, passwordHash);
    } catch (error) {
      // Someone took the address between the look-up and the insert: answered as a taken address.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const taken = holder ?? (await findUserByEmail(ctx.db, email));
  if (taken) await mailAddressTaken(ctx, taken);
  return { email, codeExpiresAt: codeExpiry("confirm_account").toISOString() };
}

async function openAccount(ctx: TContext, input: TSignUp & { email: string }, passwordHash: string) {
  const { email } = input;
  const expiresAt = await inTransaction(ctx.pool, async (tx, client) => {
    const company = { name: input.companyName, email, phone: input.phone, status: "pending_confirmation" as const };
    const parent =
      input.accountType === "Enterprise"
        ? { enterpriseId: (await tx.insert(enterprises).values(company).returning({ id: enterprises.id }))[0]!.id }
        : { supplierId: (await tx.insert(suppliers).values(company).returning({ id: suppliers.id }))[0]!.id };
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        name: input.name,
        phone: input.phone,
        role: input.accountType,
        language: input.language,
        status: "pending_confirmation",
        passwordChangedAt: new Date(),
        ...parent,
      })
      .returning({ id: users.id });
    const by = { id: user!.id, email, role: input.accountType, enterpriseId: parent.enterpriseId ?? null };
    await appendAudit(tx, {
      by,
      action: "account.created",
      object: ["user", user!.id],
      details: { role: input.accountType, signUp: true },
    });
    const { code, expiresAt } = await issueCode(tx, ctx.codeKey, user!.id, "confirm_account");
    const mail = templates.confirmAccount[input.language]({ code, minutes: CODE_TTL_SECONDS.confirm_account / 60 });
    await ctx.jobs.sendEmail({ to: email, ...mail }, client);
    return expiresAt;
  });
  ctx.jobs.wake();
  ctx.log.info({ event: "sign-up", accountType: input.accountType }, "account created, waiting for confirmation");
  return { email, codeExpiresAt: expiresAt.toISOString() };
}

/**
 * What the holder of a taken address is told, in its language. An account still waiting for its code gets a
 * new one (a real owner who signs up twice goes on to the code step); an invited one, a fresh link to complete
 * it (whoever invited it does not block its owner); any other, a notice to sign in or reset the password.
 * Nothing of the account changes. The mail was counted before the look-up (auth.routes.ts).
 */
async function mailAddressTaken(ctx: TContext, holder: TUserRow) {
  if (holder.status === "pending_confirmation") {
    await mailNewConfirmationCode(ctx, holder);
    return;
  }
  await inTransaction(ctx.pool, async (tx, client) => {
    const invitation = holder.status === "invited" ? (await renewInvitationLink(ctx, tx, holder)).url : null;
    const mail = templates.signUpTaken[holder.language]({
      signInUrl: `${ctx.config.publicUrl}${authPath(AUTH_PATHS.signInDefault)}`,
      invitationUrl: invitation,
      days: INVITATION_TTL_DAYS,
    });
    await ctx.jobs.sendEmail({ to: holder.email, ...mail }, client);
  });
  ctx.jobs.wake();
  ctx.log.info({ event: "sign-up-taken", status: holder.status }, "sign-up with a taken address: its holder is told");
}
