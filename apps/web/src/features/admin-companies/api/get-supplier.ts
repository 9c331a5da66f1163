import { type TAdminSupplierProfile, ZAdminSupplierProfileSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api/api-error";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { adminCompanyKeys } from "./query-keys";

/** GET /api/admin/suppliers/:id: the company, each principal it dealt with and its documents' standing there. */
export async function getAdminSupplier(id: string): Promise<TAdminSupplierProfile> {
  const response = await api.get(`/admin/suppliers/${encodeURIComponent(id)}`);
  return parseData(ZAdminSupplierProfileSchema, response.data);
}

/** `id` null: nothing to ask (the page shows "not found" at once). */
export function useAdminSupplier(id: string | null) {
  return useQuery({
    queryKey: adminCompanyKeys.supplier(id ?? ""),
    queryFn: () => getAdminSupplier(id!),
    enabled: id !== null,
    // An unknown contractor stays unknown: asking again would only delay the "not found" state.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}
