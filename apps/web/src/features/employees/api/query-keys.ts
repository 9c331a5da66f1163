import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/** The supplier's employees; every change refreshes the list (its counts and pages move together). */
export const EMPLOYEES_KEY = ["employees"] as const;

export const employeeKeys = {
  list: (query: object) => [...EMPLOYEES_KEY, "list", query] as const,
};

export function useRefreshEmployees(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }), [queryClient]);
}
