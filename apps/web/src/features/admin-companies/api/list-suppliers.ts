import { type TAdminSupplier, ZAdminSupplierSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { adminCompanyKeys, companyListParams, type TCompanyListQuery } from "./query-keys";

const ZSupplierPageSchema = ZPageSchema(ZAdminSupplierSchema);

/** GET /api/admin/suppliers?q&status&page&pageSize */
export async function listAdminSuppliers(query: TCompanyListQuery): Promise<TPage<TAdminSupplier>> {
  const response = await api.get("/admin/suppliers", { params: companyListParams(query) });
  return parseBody(ZSupplierPageSchema, response.data);
}

export function useAdminSuppliers(query: TCompanyListQuery) {
  return useQuery({
    queryKey: adminCompanyKeys.suppliers(query),
    queryFn: () => listAdminSuppliers(query),
    placeholderData: keepPreviousData,
  });
}
