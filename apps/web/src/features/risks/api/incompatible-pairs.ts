import { type TIncompatiblePairInput, ZIncompatiblePairSchema } from "@openpermit/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { RISKS_KEY, useRefreshRisks } from "./query-keys";

const key = [...RISKS_KEY, "incompatible-pairs"] as const;
const ZPairsSchema = z.array(ZIncompatiblePairSchema);

/** GET /api/incompatible-work-types: the enterprise's pairs of work types that must not run at once in a sector. */
export function useIncompatiblePairs() {
  return useQuery({
    queryKey: key,
    queryFn: async () => parseData(ZPairsSchema, (await api.get("/incompatible-work-types")).data),
  });
}

/** POST and DELETE /api/incompatible-work-types: each refreshes the list. */
export function useIncompatiblePairWrites() {
  const refresh = useRefreshRisks();
  const add = useMutation({
    mutationFn: async (body: TIncompatiblePairInput) =>
      parseData(ZIncompatiblePairSchema, (await api.post("/incompatible-work-types", body)).data),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/incompatible-work-types/${encodeURIComponent(id)}`);
    },
    onSettled: refresh,
  });
  return { add, remove };
}
