import { type TSubSector, ZSubSectorSchema } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { subSectorsOfSectorKey } from "./list-sub-sectors";
import { useRefreshOrganisation } from "./query-keys";

export interface TSubSectorUpdate {
  id: string;
  sectorId: string;
  name?: string;
  x?: number;
  y?: number;
}

/** PATCH /api/sub-sectors/:id with the changed fields (a dragged marker sends x and y only). */
export async function updateSubSector({ id, sectorId: _sectorId, ...body }: TSubSectorUpdate): Promise<TSubSector> {
  const response = await api.patch(`/sub-sectors/${encodeURIComponent(id)}`, body);
  return parseData(ZSubSectorSchema, response.data);
}

/** Moves the marker at once (a drag must not jump back while the server answers); undone on failure. */
export function useUpdateSubSector() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrganisation();
  return useMutation({
    mutationFn: updateSubSector,
    onMutate: async (update) => {
      const key = subSectorsOfSectorKey(update.sectorId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TSubSector[]>(key);
      const { id, sectorId: _sectorId, ...changes } = update;
      queryClient.setQueryData<TSubSector[]>(key, (list) =>
        list?.map((item) => (item.id === id ? { ...item, ...changes } : item)),
      );
      return { key, before };
    },
    onError: (_error, _update, context) => {
      if (context) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: refresh,
  });
}
