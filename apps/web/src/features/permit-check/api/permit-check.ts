import { type TPermitCheck, ZPermitCheckSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

/** GET /api/public/permit-checks/:token: what a printed permit's QR code shows, signed in or not. */
export async function readPermitCheck(token: string): Promise<TPermitCheck> {
  const response = await api.get(`/public/permit-checks/${encodeURIComponent(token)}`);
  return parseData(ZPermitCheckSchema, response.data);
}

export function usePermitCheck(token: string) {
  return useQuery({
    queryKey: ["public", "permit-check", token],
    queryFn: () => readPermitCheck(token),
    enabled: token.length > 0,
    retry: false,
    // The answer is about now: never show an old one as current.
    staleTime: 0,
    gcTime: 0,
  });
}
