import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** POST /api/auth/reset-password (204). */
export async function resetPassword(body: { resetToken: string; password: string }): Promise<void> {
  await api.post("/auth/reset-password", body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
