import { type TGasInput, ZGasSchema } from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const gasesKey = ["gases"] as const;

/** GET /api/gases: the Enterprise's gases and their limits, in order. */
export function useGases() {
  return useQuery({
    queryKey: gasesKey,
    queryFn: async () => parseData(z.array(ZGasSchema), (await api.get("/gases")).data),
  });
}

/** POST /api/gases, PUT /api/gases/:id, DELETE /api/gases/:id: each refreshes the list. */
export function useGasWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: gasesKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, ...input }: TGasInput & { id?: string }) =>
        parseData(ZGasSchema, (id ? await api.put(`/gases/${id}`, input) : await api.post("/gases", input)).data),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => api.delete(`/gases/${id}`),
      onSettled,
    }),
  };
}
