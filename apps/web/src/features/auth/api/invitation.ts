import { ZInvitationInfoSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export type TInvitationInfo = z.infer<typeof ZInvitationInfoSchema>;

/** POST /api/auth/invitation: whom an invitation link is for (it changes nothing on the server). */
export async function readInvitation(token: string): Promise<TInvitationInfo> {
  const response = await api.post("/auth/invitation", { token });
  return parseData(ZInvitationInfoSchema, response.data);
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["auth", "invitation", token],
    queryFn: () => readInvitation(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
