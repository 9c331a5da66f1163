import { type TManager, type TManagerInput, ZManagerSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** POST /api/managers: the new manager gets an invitation e-mail; 409 EMAIL_EXISTS when taken. */
export async function createManager(body: TManagerInput): Promise<TManager> {
  const response = await api.post("/managers", body);
  return parseData(ZManagerSchema, response.data);
}

export function useCreateManager() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: createManager, onSuccess: refresh });
}
