import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Risk configuration: the EPI catalogue and picks, work types, risks, specific risks, links, assignments
 * and the matrix. A change refreshes what depends on it (an unpicked EPI leaves the assignments).
 */
export const RISKS_KEY = ["risks"] as const;

export const riskKeys = {
  matrix: [...RISKS_KEY, "matrix"] as const,
  epis: [...RISKS_KEY, "epis"] as const,
  workTypes: [...RISKS_KEY, "work-types"] as const,
  risks: [...RISKS_KEY, "risks"] as const,
  specificRisks: [...RISKS_KEY, "specific-risks"] as const,
  links: [...RISKS_KEY, "links"] as const,
};

export function useRefreshRisks(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: RISKS_KEY }), [queryClient]);
}
