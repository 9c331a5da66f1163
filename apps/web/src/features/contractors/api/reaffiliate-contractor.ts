import { type TAffiliationDemand, ZAffiliationDemandSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshContractors } from "./query-keys";

/** POST /api/contractors/:id/reaffiliate → 201 a new invitation the contractor must accept; 409 unless detached. */
export async function reaffiliateContractor(id: string): Promise<TAffiliationDemand> {
  const response = await api.post(`/contractors/${encodeURIComponent(id)}/reaffiliate`);
  return parseData(ZAffiliationDemandSchema, response.data);
}

export function useReaffiliateContractor() {
  const refresh = useRefreshContractors();
  return useMutation({ mutationFn: reaffiliateContractor, onSettled: refresh });
}
