import { useAllDivisions } from "../api/list-divisions";
import { useOrgScope } from "./use-org-scope";

/**
 * The divisions the caller works in: every division for the enterprise (loaded), the own division
 * for a super-responsible. `missing` says what stops creating anything: no division yet (enterprise),
 * or the own division unknown (a super-responsible whose profile did not load).
 */
export function useDivisionsForScope() {
  const scope = useOrgScope();
  const all = useAllDivisions({ enabled: scope.isEnterprise });
  const divisions = scope.isEnterprise ? (all.data ?? []) : scope.ownDivision ? [scope.ownDivision] : [];
  const loading = scope.isEnterprise && all.isPending;
  const missing: "division" | "ownDivision" | null = loading
    ? null
    : scope.isEnterprise
      ? all.data && all.data.length === 0
        ? "division"
        : null
      : scope.ownDivision
        ? null
        : "ownDivision";
  return { scope, divisions, loading, error: scope.isEnterprise ? all.error : null, missing };
}
