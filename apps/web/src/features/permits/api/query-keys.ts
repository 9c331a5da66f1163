import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Permits: the lists, each permit and its history change together (an action moves a permit from one list to
 * another and adds an event), so any write refreshes them all. The form's sources (places, risks, matrix of the
 * chosen enterprise) live apart: a permit's change does not alter them.
 */
export const PERMITS_KEY = ["permits"] as const;

export const permitKeys = {
  lists: [...PERMITS_KEY, "list"] as const,
  one: (id: string) => [...PERMITS_KEY, "one", id] as const,
  history: (id: string) => [...PERMITS_KEY, "history", id] as const,
  /** The request form's choices, per enterprise. */
  sources: (enterpriseId: string | null, what: string, ...rest: unknown[]) =>
    ["permit-sources", enterpriseId, what, ...rest] as const,
};

export function useRefreshPermits(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: PERMITS_KEY }), [queryClient]);
}
