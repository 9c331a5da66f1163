import {
  AUTH_PATHS,
  authPath,
  type TAdminDemand,
  type TAdminDemandKind,
  type TDemandStatus,
  type TEnterpriseAccountDemand,
  V,
} from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { demands, enterprises, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { decideCreditDemand, listCreditDemandsForAdmin } from "../credits";
import { spendMailAllowanceIn } from "../mail/mail-allowance";
import { templates } from "../mail/templates";
import {
  findEnterpriseAccountDemand,
  listEnterpriseAccountDemands,
  type TEnterpriseDemandRow,
} from "./account-requests.repository";

function toDemand(row: TEnterpriseDemandRow): TEnterpriseAccountDemand {
  const { demand, enterprise, requester } = row;
  return {
    id: demand.id,
    kind: "enterprise_account",
    status: demand.status,
    createdAt: demand.createdAt.toISOString(),
    decidedAt: demand.decidedAt?.toISOString() ?? null,
    remark: demand.remark,
    enterprise,
    requester: requester
      ? { id: requester.id, name: requester.name, email: requester.email, phone: requester.phone }
      : { id: "", name: "", email: "", phone: null },
  };
}

export async function listDemands(
  ctx: TContext,
  query: { kind: TAdminDemandKind; status?: TDemandStatus | undefined; page: number; pageSize: number },
): Promise<{ data: TAdminDemand[]; page: number; pageSize: number; total: number }> {
  if (query.kind === "credits") return listCreditDemandsForAdmin(ctx, query);
  const { rows, total } = await listEnterpriseAccountDemands(ctx.db, query);
  return { data: rows.map(toDemand), page: query.page, pageSize: query.pageSize, total };
}

/** Approves or denies a demand of either kind the admin decides; any other id is not found. */
export async function decideDemand(
  ctx: TContext,
  caller: TCaller,
  id: string,
  decision: "approved" | "denied",
  remark: string | undefined,
): Promise<TAdminDemand> {
  if (decision === "denied" && !remark?.trim()) {
    // Both kinds: the enterprise reads why its account or its credits were refused.
    throw new AppError("VALIDATION_FAILED", "Say why the request is denied.", { remark: V.descriptionRequired });
  }
  const [demand] = await ctx.db.select({ kind: demands.kind }).from(demands).where(eq(demands.id, id));
  if (demand?.kind === "credits") return decideCreditDemand(ctx, caller, id, decision, remark);
  return decideEnterpriseDemand(ctx, caller, id, decision, remark);
}

/**
 * The admin approves or denies a new enterprise's account. Only a pending demand can be decided
 * (two admins at once: one wins, the other gets 409). Approval activates the enterprise and its
 * waiting people; a denial closes them. The requester is told by e-mail either way.
 */
export async function decideEnterpriseDemand(
  ctx: TContext,
  caller: TCaller,
  id: string,
  decision: "approved" | "denied",
  remark: string | undefined,
) {
  const existing = await findEnterpriseAccountDemand(ctx.db, id);
  if (!existing) throw new AppError("NOT_FOUND", "This request does not exist.");
  const decided = await inTransaction(ctx.pool, async (tx, client) => {
    const now = new Date();
    const [row] = await tx
      .update(demands)
      .set({ status: decision, decidedBy: caller.id, decidedAt: now, remark: remark || null })
      .where(and(eq(demands.id, id), eq(demands.status, "pending")))
      .returning({ enterpriseId: demands.enterpriseId });
    if (!row?.enterpriseId) return false;
    const status = decision === "approved" ? "active" : "disabled";
    await tx.update(enterprises).set({ status, updatedAt: now }).where(eq(enterprises.id, row.enterpriseId));
    await tx
      .update(users)
      .set({ status, updatedAt: now })
      .where(and(eq(users.enterpriseId, row.enterpriseId), eq(users.status, "pending_verification")));
    await appendAudit(tx, {
      by: caller,
      action: "company.statusChanged",
      object: ["enterprise", row.enterpriseId],
      enterpriseId: row.enterpriseId,
      details: { status, demand: id },
    });
    if (existing.requester) {
      const to = [existing.requester.email];
      await spendMailAllowanceIn(ctx, tx, { kind: "notice", to, by: { account: caller.id } });
      const language = existing.requester.language;
      const mail =
        decision === "approved"
          ? templates.enterpriseApproved[language]({
              company: existing.enterprise.name,
              url: `${ctx.config.publicUrl}${authPath(AUTH_PATHS.signInDefault)}`,
            })
          : templates.enterpriseDenied[language]({ company: existing.enterprise.name, remark: remark || null });
      await ctx.jobs.sendEmail({ to: existing.requester.email, ...mail }, client);
    }
    return true;
  });
  if (!decided) throw new AppError("CONFLICT", "This request has already been decided.");
  ctx.jobs.wake();
  ctx.log.info({ event: "enterprise-demand", id, decision, by: caller.id }, "enterprise account request decided");
  const updated = await findEnterpriseAccountDemand(ctx.db, id);
  return toDemand(updated!);
}
