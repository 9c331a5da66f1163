import { type TSector, ZPageSchema, ZSectorSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

export interface TSectorListQuery {
  divisionId?: string;
  q?: string;
  page: number;
  pageSize: number;
}

const ZSectorPageSchema = ZPageSchema(ZSectorSchema);

/** GET /api/sectors?divisionId&q&page&pageSize (a super-responsible gets its own division's only). */
export async function listSectors({ divisionId, q, page, pageSize }: TSectorListQuery): Promise<TPage<TSector>> {
  const response = await api.get("/sectors", {
    params: { divisionId: divisionId || undefined, q: q || undefined, page, pageSize },
  });
  return parseBody(ZSectorPageSchema, response.data);
}

export function useSectors(query: TSectorListQuery) {
  return useQuery({
    queryKey: [...organisationKeys.sectors, query],
    queryFn: () => listSectors(query),
    placeholderData: keepPreviousData,
  });
}

/** Every sector (of one division when given), for sector selects. */
export function useAllSectors(divisionId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...organisationKeys.sectors, "all", divisionId ?? null],
    queryFn: () => fetchAllPages((page, pageSize) => listSectors({ divisionId, page, pageSize })),
    enabled,
  });
}
