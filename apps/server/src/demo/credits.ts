import { and, asc, eq, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction } from "../db/client";
import { creditTransactions, users } from "../db/schema";
import { addToCreditsTotal } from "../modules/credits/credits.repository";

/** The demo enterprise's permit credits: one purchase, as the admin would have recorded it. */
export const DEMO_CREDITS = { quantity: 50, note: "Demo pack: 50 permits" } as const;

/**
 * Gives the demo enterprise its credits, recorded by the demo admin (the first admin when ADMIN_EMAIL named
 * another), unless the enterprise already has a purchase: a second run changes nothing.
 */
export async function seedCredits(ctx: TContext, enterpriseId: string, adminEmail: string): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    const [bought] = await tx
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.enterpriseId, enterpriseId), eq(creditTransactions.kind, "purchase")))
      .limit(1);
    if (bought) return;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "Admin"))
      // The demo admin first, else the oldest admin.
      .orderBy(sql`lower(${users.email}) = ${adminEmail.toLowerCase()} DESC`, asc(users.createdAt))
      .limit(1);
    await addToCreditsTotal(tx, enterpriseId, DEMO_CREDITS.quantity);
    await tx.insert(creditTransactions).values({
      enterpriseId,
      kind: "purchase",
      quantity: DEMO_CREDITS.quantity,
      note: DEMO_CREDITS.note,
      recordedBy: admin?.id ?? null,
    });
  });
  ctx.log.info("demo credits seeded");
}
