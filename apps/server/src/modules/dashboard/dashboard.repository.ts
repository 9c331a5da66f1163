import { COMPANY_STATUSES, type TCompanyStatus } from "@openpermit/shared";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { affiliations, creditTransactions, demands, enterprises, suppliers } from "../../db/schema";

/** `count(*) FILTER (WHERE …)`: one pass over the rows gives every figure of a group. */
export const countWhere = (condition: SQL) => sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number);

/** The contractors the enterprise works with now (the contractors list's `affiliated` filter). */
export async function affiliatedContractors(db: TDb, enterpriseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(affiliations)
    .where(and(eq(affiliations.enterpriseId, enterpriseId), eq(affiliations.status, "affiliated")));
  return row?.n ?? 0;
}

/** Every status with its count (0 for a status no company has). */
async function companiesByStatus(db: TDb, table: typeof enterprises | typeof suppliers) {
  const rows = await db.select({ status: table.status, n: count() }).from(table).groupBy(table.status);
  const counts = Object.fromEntries(COMPANY_STATUSES.map((status) => [status, 0])) as Record<TCompanyStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The platform's figures: four queries, one per group, each a single pass (served by the status indexes). */
export async function platformFigures(db: TDb) {
  const [enterpriseCounts, supplierCounts, [pending], [credits]] = await Promise.all([
    companiesByStatus(db, enterprises),
    companiesByStatus(db, suppliers),
    db
      .select({
        enterpriseAccounts: countWhere(eq(demands.kind, "enterprise_account")),
        credits: countWhere(eq(demands.kind, "credits")),
      })
      .from(demands)
      .where(eq(demands.status, "pending")),
    db
      .select({
        sold: sql<number>`coalesce(sum(${creditTransactions.quantity}) FILTER (WHERE ${creditTransactions.kind} = 'purchase'), 0)`.mapWith(
          Number,
        ),
        // A first send is one row of −1.
        used: sql<number>`coalesce(-sum(${creditTransactions.quantity}) FILTER (WHERE ${creditTransactions.kind} = 'consumption'), 0)`.mapWith(
          Number,
        ),
      })
      .from(creditTransactions),
  ]);
  return {
    enterprises: enterpriseCounts,
    suppliers: supplierCounts,
    pendingDemands: { enterpriseAccounts: pending?.enterpriseAccounts ?? 0, credits: pending?.credits ?? 0 },
    credits: { sold: credits?.sold ?? 0, used: credits?.used ?? 0 },
  };
}
