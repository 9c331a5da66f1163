import { type TDivision, type TDivisionInput, ZDivisionSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** POST /api/divisions */
export async function createDivision(body: TDivisionInput): Promise<TDivision> {
  const response = await api.post("/divisions", body);
  return parseData(ZDivisionSchema, response.data);
}

export function useCreateDivision() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: createDivision, onSuccess: refresh });
}
