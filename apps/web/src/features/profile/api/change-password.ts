import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** POST /api/auth/change-password (204); the old password is checked. */
export async function changePassword(body: { oldPassword: string; newPassword: string }): Promise<void> {
  await api.post("/auth/change-password", body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
