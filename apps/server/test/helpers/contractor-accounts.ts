import type { TAffiliationStatus } from "@openpermit/shared";
import type { TContext } from "../../src/context";
import { affiliations } from "../../src/db/schema";

/** An affiliation row straight in the database (the affiliation endpoints have their own tests). */
export async function addAffiliation(
  ctx: TContext,
  enterpriseId: string,
  supplierId: string,
  status: TAffiliationStatus = "affiliated",
) {
  const [row] = await ctx.db.insert(affiliations).values({ enterpriseId, supplierId, status }).returning();
  return row!;
}
