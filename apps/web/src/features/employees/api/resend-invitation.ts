import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshEmployees } from "./query-keys";

/** POST /api/employees/:id/resend-invitation: the invitation e-mail again (409 CONFLICT unless still invited). */
export async function resendEmployeeInvitation(id: string): Promise<void> {
  await api.post(`/employees/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendEmployeeInvitation() {
  const refresh = useRefreshEmployees();
  // A refusal means the list was stale (the person completed the account meanwhile): refresh it either way.
  return useMutation({ mutationFn: resendEmployeeInvitation, onError: refresh });
}
