import { type TSector, type TSectorInput, ZSectorSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** PATCH /api/sectors/:id with the changed fields. */
export async function updateSector({ id, ...body }: Partial<TSectorInput> & { id: string }): Promise<TSector> {
  const response = await api.patch(`/sectors/${encodeURIComponent(id)}`, body);
  return parseData(ZSectorSchema, response.data);
}

export function useUpdateSector() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: updateSector, onSuccess: refresh });
}
