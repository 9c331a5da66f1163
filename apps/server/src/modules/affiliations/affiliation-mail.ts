import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema";
import { spendMailAllowanceIn } from "../mail/mail-allowance";
import { templates } from "../mail/templates";

const signInUrl = (ctx: TContext) => `${ctx.config.publicUrl}${authPath(AUTH_PATHS.signInDefault)}`;

/** The active accounts that answer for a company: its Supplier or its Enterprise accounts. */
async function accountHolders(tx: TDb, who: { supplierId: string } | { enterpriseId: string }) {
  const company =
    "supplierId" in who
      ? and(eq(users.supplierId, who.supplierId), eq(users.role, "Supplier"))
      : and(eq(users.enterpriseId, who.enterpriseId), eq(users.role, "Enterprise"));
  return tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(company, eq(users.status, "active")));
}

/** The account holders to tell, their mails counted against them and against the account that asks (429). */
async function countedHolders(
  ctx: TContext,
  tx: TDb,
  who: { supplierId: string } | { enterpriseId: string },
  senderId: string,
) {
  const holders = await accountHolders(tx, who);
  const to = holders.map((holder) => holder.email);
  await spendMailAllowanceIn(ctx, tx, { kind: "notice", to, by: { account: senderId } });
  return holders;
}

/**
 * Tells the supplier's account holders, each in its language, that an enterprise invites them (in `tx`). The
 * inviting route counted the mail before it looked the address up (invitations.service.ts).
 */
export async function queueInvitationNotice(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  supplierId: string,
  enterprise: { name: string },
) {
  for (const to of await accountHolders(tx, { supplierId })) {
    const mail = templates.affiliationInvitation[to.language]({ enterprise: enterprise.name, url: signInUrl(ctx) });
    await ctx.jobs.sendEmail({ to: to.email, ...mail }, client);
  }
}

/** Tells the enterprise's account holders that a supplier asks to work for it (in `tx`). */
export async function queueRequestNotice(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  enterpriseId: string,
  supplier: { name: string; senderId: string },
) {
  for (const to of await countedHolders(ctx, tx, { enterpriseId }, supplier.senderId)) {
    const mail = templates.affiliationRequest[to.language]({ supplier: supplier.name, url: signInUrl(ctx) });
    await ctx.jobs.sendEmail({ to: to.email, ...mail }, client);
  }
}
