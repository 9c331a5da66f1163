import { type TMe, ZMeSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

import { ME_QUERY_KEY } from "./me-query-key";

export { ME_QUERY_KEY };

/** GET /api/auth/me: the signed-in person's own account. */
export async function getMe(): Promise<TMe> {
  const response = await api.get("/auth/me");
  return parseData(ZMeSchema, response.data);
}

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
}
