import { LIMITS, type TAffiliationDemand } from "@openpermit/shared";
import { and, eq, isNull } from "drizzle-orm";
import { principalEditorScope, type TPrincipalEditorScope } from "../../access/affiliations";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { violates } from "../../db/pg-errors";
import { demands, suppliers, users } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { queueInvitationMail } from "../auth/accounts.service";
import { spendMailAllowance } from "../mail/mail-allowance";
import { templates } from "../mail/templates";
import { findUserByEmail, normaliseEmail, type TUserRow } from "../users/users.repository";
import { queueInvitationNotice } from "./affiliation-mail";
import { findAffiliationDemand } from "./affiliation-requests.repository";
import { toAffiliationDemand } from "./affiliation-requests.service";
import { affiliationPending, openAffiliationDemand, pendingRefusal } from "./affiliation-state";

/** How the account invitation names who sent it. */
const inviterOf = (scope: TPrincipalEditorScope) => ({
  id: scope.userId,
  name: `${scope.userName} (${scope.enterpriseName})`,
});

/** The placeholder names of a company invited by e-mail alone, within the names' limits. */
export function placeholderNames(email: string, input: { companyName?: string; contactName?: string }) {
  const [local = "", domain = ""] = email.split("@");
  const withinLimits = (value: string, fallback: string) => {
    const trimmed = value.trim().slice(0, LIMITS.short).trim();
    return trimmed.length >= LIMITS.nameMin ? trimmed : fallback;
  };
  return {
    companyName: withinLimits(input.companyName ?? domain, "Contractor"),
    contactName: withinLimits(input.contactName ?? local, "Contact"),
  };
}

/** The supplier behind an e-mail, if that e-mail may answer an invitation at all (null otherwise). */
async function invitableSupplier(ctx: TContext, user: TUserRow) {
  if (user.role !== "Supplier" || !user.supplierId) return null;
  const [supplier] = await ctx.db
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, user.supplierId));
  if (!supplier || supplier.status === "disabled") return null;
  // An active account answers by signing in; an invited one has yet to complete its account.
  if (user.status === "active" && supplier.status === "active") return { supplierId: supplier.id, invited: false };
  if (user.status === "invited") return { supplierId: supplier.id, invited: true };
  return null;
}

export async function demandById(ctx: TContext, id: string, role: string): Promise<TAffiliationDemand> {
  const row = await findAffiliationDemand(ctx.db, eq(demands.id, id));
  return toAffiliationDemand(row!, role);
}

/**
 * Invites a known supplier: a pending invitation demand, and in the same transaction either the notice to
 * its account holders (active) or a new account-invitation link (still invited: the earlier link stops).
 * The caller counted the mail (spendMailAllowance) before it chose this path.
 */
export async function inviteSupplier(
  ctx: TContext,
  scope: TPrincipalEditorScope,
  target: { supplierId: string; invited: boolean; email: string },
): Promise<string> {
  const demandId = await inTransaction(ctx.pool, async (tx, client) => {
    const id = await openAffiliationDemand(tx, {
      enterpriseId: scope.enterpriseId,
      supplierId: target.supplierId,
      direction: "invitation",
      email: target.email,
      actorId: scope.userId,
    });
    if (target.invited) {
      const [account] = await tx
        .select()
        .from(users)
        .where(and(eq(users.supplierId, target.supplierId), eq(users.role, "Supplier"), eq(users.status, "invited")))
        .limit(1);
      if (account) await queueInvitationMail(ctx, tx, client, account, inviterOf(scope));
    } else {
      await queueInvitationNotice(ctx, tx, client, target.supplierId, { name: scope.enterpriseName });
    }
    return id;
  }).catch((error: unknown) => {
    throw pendingRefusal(error);
  });
  ctx.jobs.wake();
  return demandId;
}

/**
 * Creates the supplier company and its Supplier account for an unknown e-mail (both waiting for the
 * account to be completed), the invitation demand, and the account invitation — one transaction.
 */
async function inviteUnknown(
  ctx: TContext,
  scope: TPrincipalEditorScope,
  email: string,
  input: { companyName?: string; contactName?: string },
  caller: TCaller,
): Promise<string> {
  const names = placeholderNames(email, input);
  const demandId = await inTransaction(ctx.pool, async (tx, client) => {
    const [supplier] = await tx
      .insert(suppliers)
      .values({ name: names.companyName, email, status: "pending_confirmation" })
      .returning({ id: suppliers.id });
    const [account] = await tx
      .insert(users)
      .values({
        email,
        name: names.contactName,
        role: "Supplier",
        // The inviter's language is the best guess of the invited person's; they can change it.
        language: caller.language,
        status: "invited",
        supplierId: supplier!.id,
      })
      .returning();
    const id = await openAffiliationDemand(tx, {
      enterpriseId: scope.enterpriseId,
      supplierId: supplier!.id,
      direction: "invitation",
      email,
      actorId: scope.userId,
    });
    await queueInvitationMail(ctx, tx, client, account!, inviterOf(scope));
    // The platform's entry, not the enterprise's: the account is the future supplier's, and an entry in the
    // inviter's trail for unknown addresses alone would tell it which addresses had no account.
    await appendAudit(tx, {
      by: { ...caller, enterpriseId: null },
      action: "account.created",
      object: ["user", account!.id],
      details: { role: "Supplier", email, invitedBy: scope.enterpriseId },
    });
    return id;
  });
  ctx.jobs.wake();
  return demandId;
}

/**
 * An address whose holder cannot answer an invitation (not a supplier's account holder, or its company is
 * disabled): a pending demand with no supplier, which the inviter may cancel, and a mail telling the address.
 * A second one from the same enterprise is refused as a pending invitation to a supplier would be.
 */
async function inviteUnanswerable(ctx: TContext, scope: TPrincipalEditorScope, holder: TUserRow): Promise<string> {
  const demandId = await inTransaction(ctx.pool, async (tx, client) => {
    const [pending] = await tx
      .select({ id: demands.id })
      .from(demands)
      .where(
        and(
          eq(demands.kind, "affiliation"),
          eq(demands.enterpriseId, scope.enterpriseId),
          isNull(demands.supplierId),
          eq(demands.email, holder.email),
          eq(demands.status, "pending"),
        ),
      )
      .limit(1);
    if (pending) throw affiliationPending();
    const [demand] = await tx
      .insert(demands)
      .values({
        kind: "affiliation",
        enterpriseId: scope.enterpriseId,
        requestedBy: scope.userId,
        direction: "invitation",
        email: holder.email,
      })
      .returning({ id: demands.id });
    const mail = templates.affiliationUnanswerable[holder.language]({ enterprise: scope.enterpriseName });
    await ctx.jobs.sendEmail({ to: holder.email, ...mail }, client);
    return demand!.id;
  });
  ctx.jobs.wake();
  return demandId;
}

/**
 * POST /api/affiliations/invitations: see ZAffiliationInvitationSchema for every outcome. The answer is the same
 * whoever holds the address; the mail is counted (429) before the look-up, against the address and the inviter,
 * so that a refusal reads the same too.
 */
export async function inviteByEmail(
  ctx: TContext,
  caller: TCaller,
  input: { email: string; companyName?: string | undefined; contactName?: string | undefined },
): Promise<{ demand: TAffiliationDemand }> {
  const scope = await principalEditorScope(ctx, caller);
  const email = normaliseEmail(input.email);
  await spendMailAllowance(ctx, { kind: "invitation", to: [email], by: { account: scope.userId } });
  // Twice at most: an unknown e-mail that someone registers meanwhile is then invited as a known one.
  for (let attempt = 0; ; attempt++) {
    const user = await findUserByEmail(ctx.db, email);
    try {
      const extras = {
        ...(input.companyName ? { companyName: input.companyName } : {}),
        ...(input.contactName ? { contactName: input.contactName } : {}),
      };
      const id = user ? await inviteHolder(ctx, scope, user) : await inviteUnknown(ctx, scope, email, extras, caller);
      ctx.log.info({ event: "affiliation-invited", id, by: scope.userId }, "contractor invited");
      return { demand: await demandById(ctx, id, scope.role) };
    } catch (error) {
      if (attempt === 0 && !user && violates(error, "users_email_uq")) continue;
      throw error;
    }
  }
}

async function inviteHolder(ctx: TContext, scope: TPrincipalEditorScope, holder: TUserRow): Promise<string> {
  const target = await invitableSupplier(ctx, holder);
  return target
    ? inviteSupplier(ctx, scope, { ...target, email: holder.email })
    : inviteUnanswerable(ctx, scope, holder);
}
