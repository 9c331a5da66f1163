import { type TPermitClash, ZPermitClashesSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { PERMITS_KEY } from "./query-keys";

/** Under the permits' key: any permit write refreshes a permit's clashes too. */
export const clashesKey = (id: string) => [...PERMITS_KEY, "clashes", id] as const;

/** GET /api/permits/:id/clashes: its clashes now and the acknowledgements recorded on it. */
export async function getPermitClashes(id: string) {
  const response = await api.get(`/permits/${encodeURIComponent(id)}/clashes`);
  return parseData(ZPermitClashesSchema, response.data);
}

export function usePermitClashes(id: string, enabled = true) {
  return useQuery({ queryKey: clashesKey(id), queryFn: () => getPermitClashes(id), enabled });
}

/** What names a clash in an acknowledgement (the server keys remarks by the other permit's number). */
export const clashKeyOf = (clash: TPermitClash) => clash.permit.documentNumber;
