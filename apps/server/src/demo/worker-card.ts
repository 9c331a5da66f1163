import { and, eq, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { complianceEvidence, complianceRequirements, users } from "../db/schema";

/**
 * The demo's worker's card: the enterprise's site induction (not required yet: see demo/compliance.ts), and one demo worker
 * (the demo employee of Acme) holding a valid accepted one, so that their card scans cleared. The requirement is
 * found by its unique key (lower(name)) or created: the requirements' own demo names it the same.
 */
export const DEMO_SITE_INDUCTION = "Site induction";
/** How long the demo's induction lasts from the day it is seeded (a year, like a real one). */
const INDUCTION_DAYS = 365;

async function siteInductionOf(ctx: TContext, enterpriseId: string): Promise<string> {
  await ctx.db
    .insert(complianceRequirements)
    .values({
      enterpriseId,
      kind: "induction",
      name: DEMO_SITE_INDUCTION,
      description: "The refinery's own safety induction, given at the gatehouse.",
      validityDays: INDUCTION_DAYS,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ id: complianceRequirements.id })
    .from(complianceRequirements)
    .where(
      and(
        eq(complianceRequirements.enterpriseId, enterpriseId),
        sql`lower(${complianceRequirements.name}) = lower(${DEMO_SITE_INDUCTION})`,
      ),
    );
  return row!.id;
}

export async function seedWorkerCard(ctx: TContext, enterpriseId: string, workerEmail: string): Promise<void> {
  const requirementId = await siteInductionOf(ctx, enterpriseId);
  const [worker] = await ctx.db
    .select({ id: users.id, supplierId: users.supplierId })
    .from(users)
    .where(eq(users.email, workerEmail));
  if (!worker) return;
  const [has] = await ctx.db
    .select({ id: complianceEvidence.id })
    .from(complianceEvidence)
    .where(and(eq(complianceEvidence.requirementId, requirementId), eq(complianceEvidence.workerId, worker.id)));
  if (has) return;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const now = new Date();
  await ctx.db.insert(complianceEvidence).values({
    enterpriseId,
    requirementId,
    workerId: worker.id,
    supplierId: worker.supplierId,
    issuer: "Rhône Refinery gatehouse",
    // Begun well before today in every time zone, valid for most of a year.
    validFrom: day(-30),
    validUntil: day(INDUCTION_DAYS - 30),
    status: "accepted",
    submittedAt: now,
    reviewedAt: now,
  });
}
