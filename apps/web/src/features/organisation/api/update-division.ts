import { type TDivision, type TDivisionInput, ZDivisionSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshOrganisation } from "./query-keys";

/** PATCH /api/divisions/:id with every field (the form always shows them all). */
export async function updateDivision({ id, ...body }: TDivisionInput & { id: string }): Promise<TDivision> {
  const response = await api.patch(`/divisions/${encodeURIComponent(id)}`, body);
  return parseData(ZDivisionSchema, response.data);
}

export function useUpdateDivision() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: updateDivision, onSuccess: refresh });
}
