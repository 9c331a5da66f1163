import type { TContext } from "../../context";
import type { TCaller } from "../../plugins/auth";
import { principalScope, supplierAccountScope } from "./affiliation-scope";

/** Which side of affiliations the caller stands on, and its company there. */
export type TParty =
  | { side: "principal"; role: string; userId: string; enterpriseId: string; companyName: string }
  | { side: "supplier"; role: "Supplier"; userId: string; supplierId: string; companyName: string };

/** A principal's person (any of its roles) or a supplier's account holder; anyone else is refused (403). */
export async function partyOf(ctx: TContext, caller: TCaller): Promise<TParty> {
  if (caller.role === "Supplier") {
    const scope = await supplierAccountScope(ctx, caller);
    return {
      side: "supplier",
      role: "Supplier",
      userId: scope.userId,
      supplierId: scope.supplierId,
      companyName: scope.supplierName,
    };
  }
  const scope = await principalScope(ctx, caller);
  return {
    side: "principal",
    role: scope.role,
    userId: scope.userId,
    enterpriseId: scope.enterpriseId,
    companyName: scope.enterpriseName,
  };
}
