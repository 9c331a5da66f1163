import { type TManager, ZManagerSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

export interface TManagerUpdate {
  id: string;
  name?: string;
  phone?: string;
  /** The enterprise only. */
  divisionId?: string;
}

/** PATCH /api/managers/:id with the changed fields (e-mail and role never change). */
export async function updateManager({ id, ...body }: TManagerUpdate): Promise<TManager> {
  const response = await api.patch(`/managers/${encodeURIComponent(id)}`, body);
  return parseData(ZManagerSchema, response.data);
}

export function useUpdateManager() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: updateManager, onSuccess: refresh });
}
