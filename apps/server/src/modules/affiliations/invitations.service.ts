import { LIMITS, type TAffiliationDemand } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import { principalEditorScope, type TPrincipalEditorScope } from "../../access/affiliations";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { violates } from "../../db/pg-errors";
import { demands, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { queueInvitation } from "../auth/accounts.service";
import { findUserByEmail, normaliseEmail, type TUserRow } from "../users/users.repository";
import { queueInvitationNotice } from "./affiliation-mail";
import { findAffiliationDemand } from "./affiliation-requests.repository";
import { toAffiliationDemand } from "./affiliation-requests.service";
import { openAffiliationDemand, pendingRefusal } from "./affiliation-state";

const contractorInvalid = () => new AppError("CONTRACTOR_INVALID", "Contractor invalid or nonexistent.");

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

/** The supplier behind an e-mail, if that e-mail may be invited at all (404 CONTRACTOR_INVALID otherwise). */
async function invitableSupplier(ctx: TContext, user: TUserRow) {
  if (user.role !== "Supplier" || !user.supplierId) throw contractorInvalid();
  const [supplier] = await ctx.db
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, user.supplierId));
  if (!supplier || supplier.status === "disabled") throw contractorInvalid();
  // An active account answers by signing in; an invited one has yet to complete its account.
  if (user.status === "active" && supplier.status === "active") return { supplierId: supplier.id, invited: false };
  if (user.status === "invited") return { supplierId: supplier.id, invited: true };
  throw contractorInvalid();
}

export async function demandById(ctx: TContext, id: string, role: string): Promise<TAffiliationDemand> {
  const row = await findAffiliationDemand(ctx.db, eq(demands.id, id));
  return toAffiliationDemand(row!, role);
}

/**
 * Invites a known supplier: a pending invitation demand, and in the same transaction either the notice to
 * its account holders (active) or a new account-invitation link (still invited: the earlier link stops).
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
      if (account) await queueInvitation(ctx, tx, client, account, inviterOf(scope));
    } else {
      await queueInvitationNotice(ctx, tx, client, target.supplierId, {
        name: scope.enterpriseName,
        senderId: scope.userId,
      });
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
    await queueInvitation(ctx, tx, client, account!, inviterOf(scope));
    await appendAudit(tx, {
      by: caller,
      action: "account.created",
      object: ["user", account!.id],
      enterpriseId: scope.enterpriseId,
      details: { role: "Supplier", email },
    });
    return id;
  });
  ctx.jobs.wake();
  return demandId;
}

/** POST /api/affiliations/invitations: see ZAffiliationInvitationSchema for every outcome. */
export async function inviteByEmail(
  ctx: TContext,
  caller: TCaller,
  input: { email: string; companyName?: string | undefined; contactName?: string | undefined },
): Promise<{ demand: TAffiliationDemand; outcome: "existing" | "new" }> {
  const scope = await principalEditorScope(ctx, caller);
  const email = normaliseEmail(input.email);
  // Twice at most: an unknown e-mail that someone registers meanwhile is then invited as a known one.
  for (let attempt = 0; ; attempt++) {
    const user = await findUserByEmail(ctx.db, email);
    try {
      if (user) {
        const target = await invitableSupplier(ctx, user);
        const id = await inviteSupplier(ctx, scope, { ...target, email });
        ctx.log.info({ event: "affiliation-invited", id, by: scope.userId }, "contractor invited");
        return { demand: await demandById(ctx, id, scope.role), outcome: target.invited ? "new" : "existing" };
      }
      const extras = {
        ...(input.companyName ? { companyName: input.companyName } : {}),
        ...(input.contactName ? { contactName: input.contactName } : {}),
      };
      const id = await inviteUnknown(ctx, scope, email, extras, caller);
      ctx.log.info({ event: "affiliation-invited-new", id, by: scope.userId }, "new contractor invited");
      return { demand: await demandById(ctx, id, scope.role), outcome: "new" };
    } catch (error) {
      if (attempt === 0 && !user && violates(error, "users_email_uq")) continue;
      throw error;
    }
  }
}
