import { policyAllows, type TAccessPolicy, type TRole } from "@openpermit/shared";
import { forbidden } from "./refusal";

/**
 * The route's declared policy (packages/shared/src/auth): a signed-in caller whose role it does not name is
 * refused (403) before any service runs. The auth plugin calls this once the caller is known.
 */
export function requireRoutePolicy(policy: TAccessPolicy, role: TRole): void {
  if (!policyAllows(policy, role)) throw forbidden();
}
