import type { TAffiliationDemand } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { supplierAccountScope } from "../../access/contractors";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { enterprises, suppliers } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { queueRequestNotice } from "./affiliation-mail";
import { openAffiliationDemand, pendingRefusal } from "./affiliation-state";
import { demandById } from "./invitations.service";

/**
 * POST /api/affiliations/requests: the supplier asks an active enterprise to work for it; the enterprise's
 * account holders are told in the same transaction. A pending demand either way or an affiliation: 409.
 */
export async function requestAffiliation(
  ctx: TContext,
  caller: TCaller,
  enterpriseId: string,
): Promise<TAffiliationDemand> {
  const scope = await supplierAccountScope(ctx, caller);
  const [enterprise] = await ctx.db
    .select({ id: enterprises.id, status: enterprises.status })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  if (enterprise?.status !== "active") throw new AppError("COMPANY_NOT_LISTED", "Company not listed.");
  const [supplier] = await ctx.db
    .select({ email: suppliers.email })
    .from(suppliers)
    .where(eq(suppliers.id, scope.supplierId));
  const id = await inTransaction(ctx.pool, async (tx, client) => {
    const demandId = await openAffiliationDemand(tx, {
      enterpriseId,
      supplierId: scope.supplierId,
      direction: "request",
      email: supplier!.email,
      actorId: scope.userId,
    });
    await queueRequestNotice(ctx, tx, client, enterpriseId, { name: scope.supplierName, senderId: scope.userId });
    return demandId;
  }).catch((error: unknown) => {
    throw pendingRefusal(error);
  });
  ctx.jobs.wake();
  ctx.log.info({ event: "affiliation-requested", id, by: scope.userId }, "affiliation requested");
  return demandById(ctx, id, scope.role);
}
