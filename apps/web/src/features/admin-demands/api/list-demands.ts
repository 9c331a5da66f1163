import { type TEnterpriseAccountDemand, ZEnterpriseAccountDemandSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseBody } from "../../../lib/api/parse-data";

export const DEMAND_STATUS_FILTERS = ["pending", "approved", "denied", "all"] as const;
export type TDemandStatusFilter = (typeof DEMAND_STATUS_FILTERS)[number];

export interface TDemandListQuery {
  status: TDemandStatusFilter;
  page: number;
  pageSize: number;
}

export interface TDemandPage {
  data: TEnterpriseAccountDemand[];
  page: number;
  pageSize: number;
  total: number;
}

export const DEMANDS_QUERY_KEY = ["admin", "demands"] as const;

const ZDemandPageSchema = ZPageSchema(ZEnterpriseAccountDemandSchema);

/** GET /api/admin/demands: enterprise accounts waiting for (or past) the admin's decision. */
export async function listDemands({ status, page, pageSize }: TDemandListQuery): Promise<TDemandPage> {
  const response = await api.get("/admin/demands", {
    params: { kind: "enterprise_account", status: status === "all" ? undefined : status, page, pageSize },
  });
  return parseBody(ZDemandPageSchema, response.data);
}

export function useDemands(query: TDemandListQuery) {
  return useQuery({
    queryKey: [...DEMANDS_QUERY_KEY, query],
    queryFn: () => listDemands(query),
    placeholderData: keepPreviousData,
  });
}
