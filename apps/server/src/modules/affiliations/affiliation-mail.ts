import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema";
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

/** Tells the supplier's account holders, each in its language, that an enterprise invites them (in `tx`). */
export async function queueInvitationNotice(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  supplierId: string,
  enterpriseName: string,
) {
  for (const to of await accountHolders(tx, { supplierId })) {
    const mail = templates.affiliationInvitation[to.language]({ enterprise: enterpriseName, url: signInUrl(ctx) });
    await ctx.jobs.sendEmail({ to: to.email, ...mail }, client);
  }
}

/** Tells the enterprise's account holders that a supplier asks to work for it (in `tx`). */
export async function queueRequestNotice(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  enterpriseId: string,
  supplierName: string,
) {
  for (const to of await accountHolders(tx, { enterpriseId })) {
    const mail = templates.affiliationRequest[to.language]({ supplier: supplierName, url: signInUrl(ctx) });
    await ctx.jobs.sendEmail({ to: to.email, ...mail }, client);
  }
}
