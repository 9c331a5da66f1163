import { type TAdminEnterprise, ZAdminEnterpriseSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { adminCompanyKeys, companyListParams, type TCompanyListQuery } from "./query-keys";

const ZEnterprisePageSchema = ZPageSchema(ZAdminEnterpriseSchema);

/** GET /api/admin/enterprises?q&status&page&pageSize */
export async function listAdminEnterprises(query: TCompanyListQuery): Promise<TPage<TAdminEnterprise>> {
  const response = await api.get("/admin/enterprises", { params: companyListParams(query) });
  return parseBody(ZEnterprisePageSchema, response.data);
}

export function useAdminEnterprises(query: TCompanyListQuery) {
  return useQuery({
    queryKey: adminCompanyKeys.enterprises(query),
    queryFn: () => listAdminEnterprises(query),
    placeholderData: keepPreviousData,
  });
}
