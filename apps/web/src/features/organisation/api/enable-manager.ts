import { type TManager, ZManagerSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** POST /api/managers/:id/enable: the manager can sign in again. */
export async function enableManager(id: string): Promise<TManager | null> {
  const response = await api.post(`/managers/${encodeURIComponent(id)}/enable`);
  // Some answers carry the manager, a 204 carries nothing: the list is refreshed either way.
  return response.data?.data ? parseData(ZManagerSchema, response.data) : null;
}

export function useEnableManager() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: enableManager, onSettled: refresh });
}
