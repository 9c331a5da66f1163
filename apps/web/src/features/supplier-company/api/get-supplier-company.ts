import { type TSupplierCompany, ZSupplierCompanySchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { supplierCompanyKeys } from "./query-keys";

/** GET /api/supplier-company: the caller's own company (a Supplier's, or an Employee's supplier). */
export async function getSupplierCompany(): Promise<TSupplierCompany> {
  const response = await api.get("/supplier-company");
  return parseData(ZSupplierCompanySchema, response.data);
}

export function useSupplierCompany() {
  return useQuery({ queryKey: supplierCompanyKeys.company(), queryFn: getSupplierCompany });
}
