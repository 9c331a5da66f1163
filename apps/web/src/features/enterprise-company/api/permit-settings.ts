import { type TPermitSettings, ZPermitSettingsSchema } from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const permitSettingsKey = ["permit-settings"] as const;

/** GET /api/enterprise/permit-settings: the Enterprise's start grace and escalation delays (minutes). */
export function usePermitSettings() {
  return useQuery({
    queryKey: permitSettingsKey,
    queryFn: async () => parseData(ZPermitSettingsSchema, (await api.get("/enterprise/permit-settings")).data),
  });
}

/** PUT the same: the answer replaces the cached settings. */
export function useSavePermitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TPermitSettings) =>
      parseData(ZPermitSettingsSchema, (await api.put("/enterprise/permit-settings", input)).data),
    onSuccess: (saved) => queryClient.setQueryData(permitSettingsKey, saved),
  });
}
