import { eq } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import { enterprises } from "../../db/schema";
import { notifyCredits } from "./credit-notices";
import type { TLowCreditsWarning } from "./permit-account";

/**
 * The warning a permit's first send gives takeNumberAndCredit: the enterprise's company accounts are told
 * (`credits.low`) in the send's transaction, so a send that rolls back warns nobody.
 */
export function lowCreditsWarning(ctx: TContext, client: pg.PoolClient): TLowCreditsWarning {
  return async (tx, enterpriseId, remaining) => {
    const [enterprise] = await tx
      .select({ name: enterprises.name })
      .from(enterprises)
      .where(eq(enterprises.id, enterpriseId));
    return notifyCredits(ctx, tx, client, {
      kind: "credits.low",
      enterpriseId,
      enterpriseName: enterprise?.name ?? "",
      quantity: null,
      remaining,
      remark: null,
    });
  };
}
