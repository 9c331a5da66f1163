import { api } from "../../../lib/api/client";

export type TMatrixFileFormat = "csv" | "xlsx";

/** GET /api/permissions/export?format&divisionId: the matrix as a CSV or XLSX file. */
export async function exportPermissions(format: TMatrixFileFormat, divisionId: string | undefined): Promise<Blob> {
  const response = await api.get<Blob>("/permissions/export", {
    params: { format, divisionId: divisionId || undefined },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return response.data;
}
