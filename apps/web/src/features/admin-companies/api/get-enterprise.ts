import { type TAdminEnterpriseProfile, ZAdminEnterpriseProfileSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api/api-error";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { adminCompanyKeys } from "./query-keys";

/** GET /api/admin/enterprises/:id: details, its accounts, counts and its pending account demand. */
export async function getAdminEnterprise(id: string): Promise<TAdminEnterpriseProfile> {
  const response = await api.get(`/admin/enterprises/${encodeURIComponent(id)}`);
  return parseData(ZAdminEnterpriseProfileSchema, response.data);
}

/** `id` null: nothing to ask (the page shows "not found" at once). */
export function useAdminEnterprise(id: string | null) {
  return useQuery({
    queryKey: adminCompanyKeys.enterprise(id ?? ""),
    queryFn: () => getAdminEnterprise(id!),
    enabled: id !== null,
    // An unknown enterprise stays unknown: asking again would only delay the "not found" state.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}
