import { type TAffiliationDemand, ZAffiliationDemandSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshDemands } from "./query-keys";

/**
 * POST /api/affiliations/requests `{ enterpriseId }` (Supplier) → 201: a request the enterprise must answer.
 * 404 COMPANY_NOT_LISTED, 409 ALREADY_AFFILIATED or AFFILIATION_PENDING.
 */
export async function requestAffiliation(enterpriseId: string): Promise<TAffiliationDemand> {
  const response = await api.post("/affiliations/requests", { enterpriseId });
  return parseData(ZAffiliationDemandSchema, response.data);
}

export function useRequestAffiliation() {
  const refresh = useRefreshDemands();
  return useMutation({ mutationFn: requestAffiliation, onSettled: refresh });
}
