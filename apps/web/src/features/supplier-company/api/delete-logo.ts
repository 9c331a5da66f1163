import { type TSupplierCompany, ZSupplierCompanySchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useStoreCompany } from "./update-supplier-company";

/** DELETE /api/supplier-company/logo (idempotent): answers the company without a logo. */
export async function deleteLogo(): Promise<TSupplierCompany> {
  const response = await api.delete("/supplier-company/logo");
  return parseData(ZSupplierCompanySchema, response.data);
}

export function useDeleteLogo() {
  const store = useStoreCompany();
  return useMutation({ mutationFn: deleteLogo, onSuccess: store });
}
