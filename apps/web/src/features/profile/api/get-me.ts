import { type TMe, ZMeSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export const ME_QUERY_KEY = ["auth", "me"] as const;

/** GET /api/auth/me: the signed-in person's own account. */
export async function getMe(): Promise<TMe> {
  const response = await api.get("/auth/me");
  return parseData(ZMeSchema, response.data);
}

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
}
