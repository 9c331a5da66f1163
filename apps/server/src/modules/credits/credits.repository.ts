import { count, desc, eq, max, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { creditTransactions, enterprisePermitAccounts, permits, users } from "../../db/schema";

/** The enterprise's account (zeros when it never had credits) and the time of its last ledger row. */
export async function findCreditAccount(db: TDb, enterpriseId: string) {
  const [[account], [last]] = await Promise.all([
    db
      .select({ total: enterprisePermitAccounts.creditsTotal, used: enterprisePermitAccounts.creditsUsed })
      .from(enterprisePermitAccounts)
      .where(eq(enterprisePermitAccounts.enterpriseId, enterpriseId)),
    // Served by credit_transactions_enterprise_idx (enterprise_id, created_at).
    db
      .select({ at: max(creditTransactions.createdAt) })
      .from(creditTransactions)
      .where(eq(creditTransactions.enterpriseId, enterpriseId)),
  ]);
  return { total: account?.total ?? 0, used: account?.used ?? 0, lastAt: last?.at ?? null };
}

/** One page of the enterprise's ledger, newest first, with the permit and the person named. */
export async function listCreditTransactions(db: TDb, enterpriseId: string, page: { page: number; pageSize: number }) {
  const where = eq(creditTransactions.enterpriseId, enterpriseId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        transaction: creditTransactions,
        permit: { id: permits.id, documentNumber: permits.documentNumber },
        recordedBy: { id: users.id, name: users.name, role: users.role },
      })
      .from(creditTransactions)
      .leftJoin(permits, eq(permits.id, creditTransactions.permitId))
      .leftJoin(users, eq(users.id, creditTransactions.recordedBy))
      .where(where)
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(creditTransactions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type TCreditTransactionRow = Awaited<ReturnType<typeof listCreditTransactions>>["rows"][number];

/** The largest total a PostgreSQL integer column holds. */
const MAX_TOTAL = 2_147_483_647;

/**
 * Adds `quantity` to the enterprise's bought credits, creating its account when it has none. Returns false,
 * changing nothing, when the total would no longer fit its column.
 */
export async function addToCreditsTotal(tx: TDb, enterpriseId: string, quantity: number): Promise<boolean> {
  await tx.insert(enterprisePermitAccounts).values({ enterpriseId }).onConflictDoNothing();
  const updated = await tx
    .update(enterprisePermitAccounts)
    .set({
      creditsTotal: sql`${enterprisePermitAccounts.creditsTotal} + ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${enterprisePermitAccounts.enterpriseId} = ${enterpriseId}
        AND ${enterprisePermitAccounts.creditsTotal}::bigint + ${quantity} <= ${MAX_TOTAL}`,
    )
    .returning({ enterpriseId: enterprisePermitAccounts.enterpriseId });
  return updated.length === 1;
}
