import {
  type CONTRACTOR_VISIBLE_STATUSES,
  type TContractorSummary,
  ZContractorSummarySchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { contractorKeys } from "./query-keys";

export type TContractorStatus = (typeof CONTRACTOR_VISIBLE_STATUSES)[number];

export interface TContractorListQuery {
  status?: TContractorStatus;
  q?: string;
  page: number;
  pageSize: number;
}

const ZContractorPageSchema = ZPageSchema(ZContractorSummarySchema);

/** GET /api/contractors?q&status&page&pageSize: the enterprise's affiliated and detached contractors. */
export async function listContractors(query: TContractorListQuery): Promise<TPage<TContractorSummary>> {
  const { status, q, page, pageSize } = query;
  const response = await api.get("/contractors", {
    params: { status: status || undefined, q: q || undefined, page, pageSize },
  });
  return parseBody(ZContractorPageSchema, response.data);
}

export function useContractors(query: TContractorListQuery) {
  return useQuery({
    queryKey: [...contractorKeys.lists, query],
    queryFn: () => listContractors(query),
    placeholderData: keepPreviousData,
  });
}
