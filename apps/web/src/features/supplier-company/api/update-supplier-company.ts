import { type TSupplierCompany, type TSupplierCompanyUpdate, ZSupplierCompanySchema } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { supplierCompanyKeys } from "./query-keys";

/** PATCH /api/supplier-company with the changed fields ("" or null clears phone, address and website). */
export async function updateSupplierCompany(body: TSupplierCompanyUpdate): Promise<TSupplierCompany> {
  const response = await api.patch("/supplier-company", body);
  return parseData(ZSupplierCompanySchema, response.data);
}

/** Every company write answers the whole company: it replaces the cached one. */
export function useStoreCompany() {
  const queryClient = useQueryClient();
  return (company: TSupplierCompany) => queryClient.setQueryData(supplierCompanyKeys.company(), company);
}

export function useUpdateSupplierCompany() {
  const store = useStoreCompany();
  return useMutation({ mutationFn: updateSupplierCompany, onSuccess: store });
}
