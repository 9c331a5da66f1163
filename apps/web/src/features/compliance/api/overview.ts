import {
  type TComplianceKind,
  type TComplianceOverview,
  type TInductionInput,
  type TStanding,
  ZComplianceOverviewRowSchema,
  ZComplianceOverviewSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseBody, parseData } from "../../../lib/api/parse-data";

const overviewKey = ["compliance", "overview"] as const;

/** The filters of the principal's compliance view (and of its export). */
export interface TOverviewFilters {
  supplierId?: string | null;
  standings?: TStanding[];
  kind?: TComplianceKind | null;
  requiredOnly?: boolean;
  q?: string;
}

const paramsOf = (f: TOverviewFilters) => ({
  supplierId: f.supplierId || undefined,
  standing: f.standings && f.standings.length > 0 ? f.standings.join(",") : undefined,
  kind: f.kind || undefined,
  requiredOnly: f.requiredOnly ? "true" : undefined,
  q: f.q || undefined,
});

/** GET /api/compliance/overview: one page of rows, with the rows per standing for the chips. */
export function useComplianceOverview(filters: TOverviewFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...overviewKey, filters, page, pageSize],
    queryFn: async (): Promise<TComplianceOverview> =>
      parseBody(
        ZComplianceOverviewSchema,
        (await api.get("/compliance/overview", { params: { ...paramsOf(filters), page, pageSize } })).data,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/compliance/overview/export: the whole filtered set as a CSV or XLSX file. */
export async function exportOverview(format: "csv" | "xlsx", filters: TOverviewFilters): Promise<Blob> {
  const response = await api.get<Blob>("/compliance/overview/export", {
    params: { ...paramsOf(filters), format },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return response.data;
}

/** POST /api/compliance/inductions: records a site induction, then refreshes the view. */
export function useRecordInduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInductionInput) =>
      parseData(ZComplianceOverviewRowSchema, (await api.post("/compliance/inductions", input)).data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}
