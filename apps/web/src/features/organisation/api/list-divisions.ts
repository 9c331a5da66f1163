import { type TDivision, ZDivisionSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

export interface TDivisionListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const ZDivisionPageSchema = ZPageSchema(ZDivisionSchema);

/** GET /api/divisions?q&page&pageSize (the enterprise's divisions). */
export async function listDivisions({ q, page, pageSize }: TDivisionListQuery): Promise<TPage<TDivision>> {
  const response = await api.get("/divisions", { params: { q: q || undefined, page, pageSize } });
  return parseBody(ZDivisionPageSchema, response.data);
}

export function useDivisions(query: TDivisionListQuery) {
  return useQuery({
    queryKey: [...organisationKeys.divisions, query],
    queryFn: () => listDivisions(query),
    placeholderData: keepPreviousData,
  });
}

/** Every division, for division selects and "create a division first" checks. */
export function useAllDivisions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...organisationKeys.divisions, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listDivisions({ page, pageSize })),
    enabled,
  });
}
