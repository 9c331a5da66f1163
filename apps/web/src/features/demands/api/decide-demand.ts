import { type TAffiliationDemand, type TDemandAction, ZAffiliationDemandSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshDemands } from "./query-keys";

export interface TDecideDemandInput {
  id: string;
  action: TDemandAction;
  remark?: string;
}

/**
 * POST /api/demands/:id/approve | /deny | /cancel `{ remark? }`. 403 when the action is not the caller's,
 * 409 CONFLICT when someone decided it meanwhile.
 */
export async function decideDemand({ id, action, remark }: TDecideDemandInput): Promise<TAffiliationDemand> {
  const response = await api.post(`/demands/${encodeURIComponent(id)}/${action}`, remark ? { remark } : {});
  return parseData(ZAffiliationDemandSchema, response.data);
}

export function useDecideDemand() {
  const refresh = useRefreshDemands();
  // Settled, not only on success: a 409 means the list on screen is out of date.
  return useMutation({ mutationFn: decideDemand, onSettled: refresh });
}
