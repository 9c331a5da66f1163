import { api } from "../../../lib/api/client";
import { fileNameFromDisposition } from "../../../lib/files/save-blob";

export type TMatrixFileFormat = "csv" | "xlsx";

/** GET /api/permissions/export?format&divisionId: the matrix as a file, with the server's file name if it gives one. */
export async function exportPermissions(
  format: TMatrixFileFormat,
  divisionId: string | undefined,
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await api.get<Blob>("/permissions/export", {
    params: { format, divisionId: divisionId || undefined },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return { blob: response.data, fileName: fileNameFromDisposition(response.headers["content-disposition"]) };
}
