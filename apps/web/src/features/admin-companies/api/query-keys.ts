import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * The admin's enterprises and suppliers. Disabling, enabling or deciding an account demand changes statuses in
 * lists and profiles alike, so every change refreshes them all.
 */
export const ADMIN_COMPANIES_KEY = ["admin", "companies"] as const;

export const adminCompanyKeys = {
  suppliers: (query: object) => [...ADMIN_COMPANIES_KEY, "suppliers", query] as const,
  enterprises: (query: object) => [...ADMIN_COMPANIES_KEY, "enterprises", query] as const,
  enterprise: (id: string) => [...ADMIN_COMPANIES_KEY, "enterprise", id] as const,
  supplier: (id: string) => [...ADMIN_COMPANIES_KEY, "supplier", id] as const,
};

export function useRefreshAdminCompanies(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_KEY }), [queryClient]);
}

/** A list's search, status filter and page, as the admin list routes take them. */
export interface TCompanyListQuery {
  q?: string;
  status?: string;
  page: number;
  pageSize: number;
}

export const companyListParams = ({ q, status, page, pageSize }: TCompanyListQuery) => ({
  q: q || undefined,
  status: status || undefined,
  page,
  pageSize,
});
