import { type TSubSector, ZPageSchema, ZSubSectorSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

export interface TSubSectorListQuery {
  sectorId?: string;
  divisionId?: string;
  q?: string;
  page: number;
  pageSize: number;
}

const ZSubSectorPageSchema = ZPageSchema(ZSubSectorSchema);

/** GET /api/sub-sectors?sectorId&divisionId&q&page&pageSize */
export async function listSubSectors({
  sectorId,
  divisionId,
  q,
  page,
  pageSize,
}: TSubSectorListQuery): Promise<TPage<TSubSector>> {
  const response = await api.get("/sub-sectors", {
    params: { sectorId: sectorId || undefined, divisionId: divisionId || undefined, q: q || undefined, page, pageSize },
  });
  return parseBody(ZSubSectorPageSchema, response.data);
}

/** Every sub-sector of one sector: they are all drawn on its map. */
export function useSectorSubSectors(sectorId: string | null) {
  return useQuery({
    queryKey: subSectorsOfSectorKey(sectorId ?? ""),
    queryFn: () => fetchAllPages((page, pageSize) => listSubSectors({ sectorId: sectorId!, page, pageSize })),
    enabled: sectorId !== null,
  });
}

export function subSectorsOfSectorKey(sectorId: string) {
  return [...organisationKeys.subSectors, "of-sector", sectorId] as const;
}
