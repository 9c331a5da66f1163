import { type TSupplierCompany, ZSupplierCompanySchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useStoreCompany } from "./update-supplier-company";

/**
 * PUT /api/supplier-company/logo (multipart, field `logo`): PNG, JPEG or WebP up to 2 MB, checked by content;
 * 415 for another type, 413 when too large. Answers the company with its new logo.
 */
export async function uploadLogo(file: File): Promise<TSupplierCompany> {
  const body = new FormData();
  body.append("logo", file, file.name);
  const response = await api.put("/supplier-company/logo", body);
  return parseData(ZSupplierCompanySchema, response.data);
}

export function useUploadLogo() {
  const store = useStoreCompany();
  return useMutation({ mutationFn: uploadLogo, onSuccess: store });
}
