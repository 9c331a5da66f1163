import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** POST /api/managers/:id/resend-invitation: sends the invitation e-mail again (invited managers only). */
export async function resendInvitation(id: string): Promise<void> {
  await api.post(`/managers/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
