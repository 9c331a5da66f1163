import { type TEmergency, type TEmergencyDeclaration, ZEmergencySchema } from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { ORGANISATION_KEY } from "./query-keys";

const EMERGENCIES_KEY = [...ORGANISATION_KEY, "emergencies"] as const;
/** The permits' cache (features/permits): an emergency suspends some of them. */
const PERMITS_KEY = ["permits"] as const;

/** GET /api/emergencies: those in force first, then the last lifted ones, of the caller's scope. */
export async function listEmergencies(): Promise<TEmergency[]> {
  return parseData(z.array(ZEmergencySchema), (await api.get("/emergencies")).data);
}

export function useEmergencies() {
  return useQuery({ queryKey: EMERGENCIES_KEY, queryFn: listEmergencies });
}

function useRefreshAfterEmergency() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: EMERGENCIES_KEY });
    await queryClient.invalidateQueries({ queryKey: PERMITS_KEY });
  };
}

/** POST /api/emergencies: every live permit of the sector or division is suspended at once. */
export function useDeclareEmergency() {
  const refresh = useRefreshAfterEmergency();
  return useMutation({
    mutationFn: async (declaration: TEmergencyDeclaration) =>
      parseData(ZEmergencySchema, (await api.post("/emergencies", declaration)).data),
    onSettled: refresh,
  });
}

/** POST /api/emergencies/:id/lift: resumes nothing (each permit needs its resume signature). */
export function useLiftEmergency() {
  const refresh = useRefreshAfterEmergency();
  return useMutation({
    mutationFn: async (id: string) =>
      parseData(ZEmergencySchema, (await api.post(`/emergencies/${encodeURIComponent(id)}/lift`, {})).data),
    onSettled: refresh,
  });
}
