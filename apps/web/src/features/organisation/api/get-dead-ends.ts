import { type TDeadEnd, ZDeadEndSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

/**
 * GET /api/permissions/dead-ends?divisionId: every criticality flow of a sector that cannot complete with the
 * permissions matrix as it is. Under the organisation's key: any change of sectors, managers or cells refreshes it.
 */
export async function getDeadEnds(divisionId: string | undefined): Promise<TDeadEnd[]> {
  const response = await api.get("/permissions/dead-ends", { params: { divisionId: divisionId || undefined } });
  return parseData(z.array(ZDeadEndSchema), response.data);
}

export function useDeadEnds(divisionId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...organisationKeys.deadEnds, divisionId ?? null] as const,
    queryFn: () => getDeadEnds(divisionId),
    enabled,
  });
}
