import { type TAffiliationDemand, ZAffiliationDemandSchema } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { DEMANDS_KEY } from "../../demands/api/query-keys";
import { contractorKeys } from "./query-keys";

/** POST /api/contractors/:id/reaffiliate → 201 a new invitation the contractor must accept; 409 unless detached. */
export async function reaffiliateContractor(id: string): Promise<TAffiliationDemand> {
  const response = await api.post(`/contractors/${encodeURIComponent(id)}/reaffiliate`);
  return parseData(ZAffiliationDemandSchema, response.data);
}

/**
 * Once re-invited, the contractor is `invited`, which a principal does not see among its contractors until it
 * accepts: the lists and demands are refreshed, but the open profile only on failure (a refetch would answer
 * "not listed" while the page moves on to the invitation).
 */
export function useReaffiliateContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reaffiliateContractor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractorKeys.lists }),
        queryClient.invalidateQueries({ queryKey: DEMANDS_KEY }),
      ]),
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: contractorKeys.profile(id) }),
  });
}
