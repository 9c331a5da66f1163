import { type TCreditDemand, ZCreditDemandSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { DEMANDS_QUERY_KEY, type TDemandListQuery } from "./list-demands";

const ZCreditDemandPageSchema = ZPageSchema(ZCreditDemandSchema);

/** GET /api/admin/demands?kind=credits: the enterprises' requests for permit credits. */
export async function listCreditDemands({ status, page, pageSize }: TDemandListQuery): Promise<TPage<TCreditDemand>> {
  const response = await api.get("/admin/demands", {
    params: { kind: "credits", status: status === "all" ? undefined : status, page, pageSize },
  });
  return parseBody(ZCreditDemandPageSchema, response.data);
}

export function useCreditDemands(query: TDemandListQuery) {
  return useQuery({
    queryKey: [...DEMANDS_QUERY_KEY, "credits", query],
    queryFn: () => listCreditDemands(query),
    placeholderData: keepPreviousData,
  });
}
