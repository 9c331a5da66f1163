import {
  type DEMAND_STATUSES,
  type TAffiliationDemand,
  type TAffiliationDirection,
  ZAffiliationDemandSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { demandKeys } from "./query-keys";

export type TDemandStatus = (typeof DEMAND_STATUSES)[number];

export interface TDemandsQuery {
  /** Only the pending demands the caller may approve or deny. */
  waiting: boolean;
  status?: TDemandStatus;
  direction?: TAffiliationDirection;
  q?: string;
  page: number;
  pageSize: number;
}

const ZDemandPageSchema = ZPageSchema(ZAffiliationDemandSchema);

/** GET /api/demands?waiting&status&direction&q&page&pageSize: the caller's affiliation demands, newest first. */
export async function listDemands(query: TDemandsQuery): Promise<TPage<TAffiliationDemand>> {
  const { waiting, status, direction, q, page, pageSize } = query;
  const response = await api.get("/demands", {
    params: {
      waiting: waiting ? "true" : undefined,
      status: status || undefined,
      direction: direction || undefined,
      q: q || undefined,
      page,
      pageSize,
    },
  });
  return parseBody(ZDemandPageSchema, response.data);
}

export function useDemandList(query: TDemandsQuery) {
  return useQuery({
    queryKey: [...demandKeys.lists, query],
    queryFn: () => listDemands(query),
    placeholderData: keepPreviousData,
  });
}
