import { type TSector, ZSectorSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

/** GET /api/sectors/:id */
export async function getSector(id: string): Promise<TSector> {
  const response = await api.get(`/sectors/${encodeURIComponent(id)}`);
  return parseData(ZSectorSchema, response.data);
}

export function useSector(id: string | null) {
  return useQuery({
    queryKey: [...organisationKeys.sectors, "one", id],
    queryFn: () => getSector(id!),
    enabled: id !== null,
  });
}
