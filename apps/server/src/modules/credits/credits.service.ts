import { type TCreditPurchase, type TCreditSummary, type TCreditTransaction, V } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { organisationScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { creditTransactions, enterprises } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import {
  addToCreditsTotal,
  findCreditAccount,
  listCreditTransactions,
  type TCreditTransactionRow,
} from "./credits.repository";

type TPage = { page: number; pageSize: number };

async function summaryOf(ctx: TContext, enterpriseId: string): Promise<TCreditSummary> {
  const { total, used, lastAt } = await findCreditAccount(ctx.db, enterpriseId);
  return { total, used, remaining: total - used, lastTransactionAt: lastAt?.toISOString() ?? null };
}

function toCreditTransaction({ transaction, permit, recordedBy }: TCreditTransactionRow): TCreditTransaction {
  return {
    id: transaction.id,
    kind: transaction.kind,
    quantity: transaction.quantity,
    note: transaction.note,
    // A permit gets its number in the same transaction as its consumption; a deleted permit leaves none.
    permit: permit?.id ? { id: permit.id, documentNumber: permit.documentNumber ?? "" } : null,
    recordedBy: recordedBy?.id ? { id: recordedBy.id, name: recordedBy.name, role: recordedBy.role } : null,
    at: transaction.createdAt.toISOString(),
  };
}

async function transactionsOf(ctx: TContext, enterpriseId: string, page: TPage) {
  const { rows, total } = await listCreditTransactions(ctx.db, enterpriseId, page);
  return pageOf(rows.map(toCreditTransaction), page, total);
}

/** The caller's own enterprise's credits (its staff, in any division). */
export async function ownCreditSummary(ctx: TContext, caller: TCaller) {
  const scope = await organisationScope(ctx, caller);
  return summaryOf(ctx, scope.enterpriseId);
}

export async function ownCreditTransactions(ctx: TContext, caller: TCaller, page: TPage) {
  const scope = await organisationScope(ctx, caller);
  return transactionsOf(ctx, scope.enterpriseId, page);
}

async function requireEnterprise(db: TContext["db"], enterpriseId: string) {
  const [enterprise] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  if (!enterprise) throw notFound("enterprise");
}

/** Any enterprise's credits, for the admin's enterprise profile (404 for an unknown enterprise). */
export async function enterpriseCreditSummary(ctx: TContext, enterpriseId: string) {
  await requireEnterprise(ctx.db, enterpriseId);
  return summaryOf(ctx, enterpriseId);
}

export async function enterpriseCreditTransactions(ctx: TContext, enterpriseId: string, page: TPage) {
  await requireEnterprise(ctx.db, enterpriseId);
  return transactionsOf(ctx, enterpriseId, page);
}

/**
 * The admin records a purchase: the credits are added and the purchase written to the ledger in one
 * transaction, so the total always equals the sum of the purchases.
 */
export async function purchaseCredits(
  ctx: TContext,
  caller: TCaller,
  enterpriseId: string,
  input: Required<TCreditPurchase>,
): Promise<TCreditSummary> {
  await inTransaction(ctx.pool, async (tx) => {
    await requireEnterprise(tx, enterpriseId);
    if (!(await addToCreditsTotal(tx, enterpriseId, input.quantity))) {
      throw new AppError("VALIDATION_FAILED", "The enterprise's credits cannot grow that large.", {
        quantity: V.invalidValue,
      });
    }
    await tx.insert(creditTransactions).values({
      enterpriseId,
      kind: "purchase",
      quantity: input.quantity,
      note: input.note,
      recordedBy: caller.id,
    });
  });
  return summaryOf(ctx, enterpriseId);
}
