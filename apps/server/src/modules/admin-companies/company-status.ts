import { and, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { demands, enterprises, invitations, refreshTokens, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";

/** The admin disables and enables a whole company: a supplier with its employees, an enterprise with its managers. */
export type TCompanyKind = "supplier" | "enterprise";

const TABLES = { supplier: suppliers, enterprise: enterprises } as const;
const peopleOf = (kind: TCompanyKind, id: string): SQL =>
  kind === "supplier" ? eq(users.supplierId, id) : eq(users.enterpriseId, id);

/**
 * Whether a disabled company may be active again: its owner account got past sign-up. A supplier must have
 * confirmed its e-mail (an invited one never did); an enterprise must have been approved (a pending or denied
 * account demand says it was not: the admin approves it through the demand instead).
 */
function everActivated(kind: TCompanyKind, id: string): SQL {
  if (kind === "supplier") {
    return sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.supplierId} = ${id} AND ${users.role} = 'Supplier'
      AND (${users.emailConfirmedAt} IS NOT NULL OR ${users.status} = 'active'))`;
  }
  return sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.enterpriseId} = ${id} AND ${users.role} = 'Enterprise'
      AND ${users.status} = 'active')
    AND NOT EXISTS (SELECT 1 FROM ${demands} WHERE ${demands.enterpriseId} = ${id}
      AND ${demands.kind} = 'enterprise_account' AND ${demands.status} IN ('pending', 'denied'))`;
}

/**
 * Disables a company: its people's next request is refused (sign-in says ACCOUNT_DISABLED, services check the
 * company), their sessions end, and their open invitation links too (an invited supplier completing its
 * account would otherwise make the company active again). Their own statuses stay, for when it is enabled.
 */
export async function disableCompany(ctx: TContext, caller: TCaller, kind: TCompanyKind, id: string) {
  const table = TABLES[kind];
  await inTransaction(ctx.pool, async (tx) => {
    const [company] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for("update");
    if (!company) throw notFound(kind);
    if (company.status === "disabled") return;
    await tx.update(table).set({ status: "disabled", updatedAt: new Date() }).where(eq(table.id, id));
    const people = tx.select({ id: users.id }).from(users).where(peopleOf(kind, id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshTokens.userId, people), isNull(refreshTokens.revokedAt)));
    await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(inArray(invitations.userId, people), isNull(invitations.usedAt)));
    await appendAudit(tx, {
      by: caller,
      action: "company.statusChanged",
      object: [kind, id],
      enterpriseId: kind === "enterprise" ? id : null,
      details: { status: "disabled" },
    });
  });
  ctx.log.info({ event: `${kind}-disabled`, id, by: caller.id }, `${kind} disabled`);
}

/** Enables a disabled company again (409 for one that never got past sign-up); an active one is left as it is. */
export async function enableCompany(ctx: TContext, caller: TCaller, kind: TCompanyKind, id: string) {
  const table = TABLES[kind];
  await inTransaction(ctx.pool, async (tx) => {
    const [company] = await tx
      .select({ status: table.status, activated: sql<boolean>`${everActivated(kind, id)}` })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!company) throw notFound(kind);
    if (company.status === "active") return;
    if (company.status !== "disabled" || !company.activated) {
      throw new AppError(
        "CONFLICT",
        kind === "supplier"
          ? "This supplier never confirmed its account: it cannot be enabled."
          : "This enterprise has not been approved: approve its account request instead.",
      );
    }
    await tx
      .update(table)
      .set({ status: "active", updatedAt: new Date() })
      .where(and(eq(table.id, id), ne(table.status, "active")));
    await appendAudit(tx, {
      by: caller,
      action: "company.statusChanged",
      object: [kind, id],
      enterpriseId: kind === "enterprise" ? id : null,
      details: { status: "active" },
    });
  });
  ctx.log.info({ event: `${kind}-enabled`, id, by: caller.id }, `${kind} enabled`);
}
