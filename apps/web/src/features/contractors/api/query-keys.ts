import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { DEMANDS_KEY } from "../../demands/api/query-keys";

export const CONTRACTORS_KEY = ["contractors"] as const;

export const contractorKeys = {
  lists: [...CONTRACTORS_KEY, "list"] as const,
  profile: (id: string) => [...CONTRACTORS_KEY, "profile", id] as const,
};

/**
 * Inviting, detaching and re-affiliating change the contractors and create or decide demands (the requests
 * page and the navigation badge), so both are refreshed.
 */
export function useRefreshContractors(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTRACTORS_KEY }),
      queryClient.invalidateQueries({ queryKey: DEMANDS_KEY }),
    ]);
  }, [queryClient]);
}
