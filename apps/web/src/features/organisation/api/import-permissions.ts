import { ZPermissionsImportResultSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/**
 * POST /api/permissions/import (multipart, field `file`, CSV or XLSX): all rows or none.
 * 400 IMPORT_INVALID names every bad row in `error.rows`.
 */
export async function importPermissions(file: File): Promise<{ applied: number }> {
  const body = new FormData();
  body.append("file", file, file.name);
  const response = await api.post("/permissions/import", body);
  return parseData(ZPermissionsImportResultSchema, response.data);
}

export function useImportPermissions() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: importPermissions, onSuccess: refresh });
}
