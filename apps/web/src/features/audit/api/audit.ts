import { type TAuditAction, type TAuditEntry, ZAuditEntrySchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";

/** The trail's filters: a period of UTC days (both included) and one action. */
export interface TAuditFilters {
  from: string | null;
  to: string | null;
  action: TAuditAction | null;
}

export type TAuditExportFormat = "csv" | "xlsx";

const ZAuditPageSchema = ZPageSchema(ZAuditEntrySchema);

const paramsOf = (filters: TAuditFilters) => ({
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.action ? { action: filters.action } : {}),
});

export const auditKeys = {
  all: ["audit"] as const,
  page: (filters: TAuditFilters, page: number, pageSize: number) =>
    [...auditKeys.all, { ...filters, page, pageSize }] as const,
};

/** GET /api/audit: the Enterprise's own trail, newest first, paginated on the server. */
export async function listAudit(filters: TAuditFilters, page: number, pageSize: number): Promise<TPage<TAuditEntry>> {
  const response = await api.get("/audit", { params: { ...paramsOf(filters), page, pageSize } });
  return parseBody(ZAuditPageSchema, response.data);
}

export function useAuditTrail(filters: TAuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page, pageSize),
    queryFn: () => listAudit(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit/export: the whole filtered trail as a file (with the token). */
export async function exportAudit(format: TAuditExportFormat, filters: TAuditFilters): Promise<Blob> {
  const response = await api.get<Blob>("/audit/export", {
    params: { ...paramsOf(filters), format },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return response.data;
}
