import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Divisions, sectors, sub-sectors, managers and the matrix depend on each other (a new sector is a new
 * matrix column and changes its division's counts), so every change refreshes them all. Map images
 * are kept apart: their URL changes with each upload, so a cached image never goes stale.
 */
export const ORGANISATION_KEY = ["organisation"] as const;

export const organisationKeys = {
  divisions: [...ORGANISATION_KEY, "divisions"] as const,
  sectors: [...ORGANISATION_KEY, "sectors"] as const,
  subSectors: [...ORGANISATION_KEY, "sub-sectors"] as const,
  managers: [...ORGANISATION_KEY, "managers"] as const,
  permissions: [...ORGANISATION_KEY, "permissions"] as const,
  deadEnds: [...ORGANISATION_KEY, "dead-ends"] as const,
};

export function useRefreshOrganisation(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ORGANISATION_KEY }), [queryClient]);
}
