import { type TContractorProfile, ZContractorProfileSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshContractors } from "./query-keys";

/** POST /api/contractors/:id/detach `{ remark? }` → the profile; 409 CONFLICT unless affiliated. */
export async function detachContractor({ id, remark }: { id: string; remark?: string }): Promise<TContractorProfile> {
  const response = await api.post(`/contractors/${encodeURIComponent(id)}/detach`, remark ? { remark } : {});
  return parseData(ZContractorProfileSchema, response.data);
}

export function useDetachContractor() {
  const refresh = useRefreshContractors();
  return useMutation({ mutationFn: detachContractor, onSettled: refresh });
}
