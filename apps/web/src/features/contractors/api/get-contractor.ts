import { type TContractorProfile, ZContractorProfileSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { contractorKeys } from "./query-keys";

/** GET /api/contractors/:id; 404 CONTRACTOR_OR_COMPANY_NOT_LISTED when it was never affiliated with the caller. */
export async function getContractor(id: string): Promise<TContractorProfile> {
  const response = await api.get(`/contractors/${encodeURIComponent(id)}`);
  return parseData(ZContractorProfileSchema, response.data);
}

export function useContractor(id: string | null) {
  return useQuery({
    queryKey: contractorKeys.profile(id ?? ""),
    queryFn: () => getContractor(id!),
    enabled: Boolean(id),
  });
}
