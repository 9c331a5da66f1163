import { type TSubSector, ZSubSectorSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

export interface TSubSectorInput {
  sectorId: string;
  name: string;
  /** Fractions 0..1 of the map image from its top-left corner; absent for a sector without a plan. */
  x?: number;
  y?: number;
}

/** POST /api/sub-sectors */
export async function createSubSector(body: TSubSectorInput): Promise<TSubSector> {
  const response = await api.post("/sub-sectors", body);
  return parseData(ZSubSectorSchema, response.data);
}

export function useCreateSubSector() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: createSubSector, onSuccess: refresh });
}
