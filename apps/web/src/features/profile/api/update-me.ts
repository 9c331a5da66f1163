import { type TMe, type TUpdateMe, ZMeSchema } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { ME_QUERY_KEY } from "./get-me";

/** PATCH /api/auth/me with the changed fields only; answers the whole account. */
export async function updateMe(body: TUpdateMe): Promise<TMe> {
  const response = await api.patch("/auth/me", body);
  return parseData(ZMeSchema, response.data);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
