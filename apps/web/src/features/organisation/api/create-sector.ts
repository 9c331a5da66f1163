import { type TSector, type TSectorInput, ZSectorSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** POST /api/sectors (JSON); its map follows with PUT /api/sectors/:id/map. 409 SECTOR_NUMBER_TAKEN. */
export async function createSector(body: TSectorInput): Promise<TSector> {
  const response = await api.post("/sectors", body);
  return parseData(ZSectorSchema, response.data);
}

export function useCreateSector() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: createSector, onSuccess: refresh });
}
