import type { TContext } from "../../src/context";
import { enterprisePermitAccounts, permits } from "../../src/db/schema";

/** A bare draft permit of the enterprise: credit_transactions.permit_id needs a real permit. */
export async function insertPermit(ctx: TContext, enterpriseId: string, createdBy: string | null = null) {
  const [permit] = await ctx.db
    .insert(permits)
    .values({ enterpriseId, createdBy, taskTitle: "Replace the pump seal" })
    .returning({ id: permits.id });
  return permit!.id;
}

/** Sets the enterprise's account directly (no purchase recorded): a starting point for the number tests. */
export async function setAccount(
  ctx: TContext,
  enterpriseId: string,
  account: { creditsTotal: number; creditsUsed?: number; nextNumber?: number },
) {
  await ctx.db
    .insert(enterprisePermitAccounts)
    .values({ enterpriseId, ...account })
    .onConflictDoUpdate({ target: enterprisePermitAccounts.enterpriseId, set: account });
}

/** The enterprise's account row as stored, or null when it has none. */
export async function accountOf(ctx: TContext, enterpriseId: string) {
  const { rows } = await ctx.pool.query<{ next_number: number; credits_total: number; credits_used: number }>(
    "SELECT next_number, credits_total, credits_used FROM enterprise_permit_accounts WHERE enterprise_id = $1",
    [enterpriseId],
  );
  return rows[0] ?? null;
}

/** The enterprise's ledger rows, oldest first. */
export async function ledgerOf(ctx: TContext, enterpriseId: string) {
  const { rows } = await ctx.pool.query<{
    kind: string;
    quantity: number;
    permit_id: string | null;
    recorded_by: string | null;
    note: string;
  }>(
    `SELECT kind, quantity, permit_id, recorded_by, note FROM credit_transactions
     WHERE enterprise_id = $1 ORDER BY created_at, id`,
    [enterpriseId],
  );
  return rows;
}
