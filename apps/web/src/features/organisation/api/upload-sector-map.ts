import { type TSector, ZSectorSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { parseData } from "../../../lib/api/parse-data";
import { uploadWithProgress } from "../../../lib/api/upload-with-progress";
import { useRefreshOrganisation } from "./query-keys";

export interface TUploadSectorMap {
  id: string;
  file: File;
  /** 0..1 while the file travels. */
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /api/sectors/:id/map (multipart, field `map`): PNG, JPEG or WebP up to 10 MB, checked by content;
 * 415 for another type, 413 when too large. Answers the sector with its new map.
 */
export async function uploadSectorMap({ id, file, onProgress }: TUploadSectorMap): Promise<TSector> {
  const body = new FormData();
  body.append("map", file, file.name);
  const response = await uploadWithProgress({
    method: "PUT",
    url: `/sectors/${encodeURIComponent(id)}/map`,
    body,
    onProgress,
  });
  return parseData(ZSectorSchema, response.data);
}

export function useUploadSectorMap() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: uploadSectorMap, onSuccess: refresh });
}
