import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { DEMANDS_QUERY_KEY as ADMIN_DEMANDS_KEY } from "../../admin-demands/api/list-demands";

/**
 * Affiliation demands, the enterprise directory (it shows each enterprise's affiliation status) and the
 * navigation badge all change together: any decision or new demand refreshes them all.
 */
export const DEMANDS_KEY = ["demands"] as const;

export const demandKeys = {
  lists: [...DEMANDS_KEY, "list"] as const,
  directory: [...DEMANDS_KEY, "directory"] as const,
  waitingCount: [...DEMANDS_KEY, "waiting-count"] as const,
  /** The admin's badge lives under the admin's demand key, so its own decisions refresh it too. */
  adminWaitingCount: [...ADMIN_DEMANDS_KEY, "waiting-count"] as const,
};

export function useRefreshDemands(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: DEMANDS_KEY }), [queryClient]);
}
