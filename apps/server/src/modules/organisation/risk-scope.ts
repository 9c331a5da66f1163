import type { TContext } from "../../context";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { organisationScope, type TOrgScope } from "./scope";

export type TEnterpriseScope = Extract<TOrgScope, { role: "Enterprise" }>;

/**
 * The scope of a caller reading an enterprise's risk configuration. Suppliers and employees will read the
 * configuration of the enterprises they work for; until affiliations exist they are refused (403).
 */
export async function riskScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  if (caller.role === "Supplier" || caller.role === "Employee") {
    throw new AppError("FORBIDDEN", "Contractors read an enterprise's risk configuration once affiliated with it.");
  }
  return organisationScope(ctx, caller);
}

/** Refuses (403) anyone but the enterprise itself: enterprise-wide data is its own to edit. */
export function requireEnterprise(scope: TOrgScope): asserts scope is TEnterpriseScope {
  if (scope.role !== "Enterprise") throw new AppError("FORBIDDEN", "You may not do this.");
}
