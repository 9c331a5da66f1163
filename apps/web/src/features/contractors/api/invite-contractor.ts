import { type TAffiliationInvitation, ZAffiliationInvitationResultSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshContractors } from "./query-keys";

export type TInvitationResult = z.infer<typeof ZAffiliationInvitationResultSchema>;

/**
 * POST /api/affiliations/invitations → 201 `{ demand }`, the same whoever holds the address (the outcome goes to it
 * by mail); 409 ALREADY_AFFILIATED / AFFILIATION_PENDING.
 */
export async function inviteContractor(body: TAffiliationInvitation): Promise<TInvitationResult> {
  const response = await api.post("/affiliations/invitations", body);
  return parseData(ZAffiliationInvitationResultSchema, response.data);
}

export function useInviteContractor() {
  const refresh = useRefreshContractors();
  return useMutation({ mutationFn: inviteContractor, onSuccess: refresh });
}
