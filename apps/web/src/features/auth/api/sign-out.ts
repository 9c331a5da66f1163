import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, SIGN_IN_PATH } from "../../../lib/api/client";
import { useSession } from "../../../lib/session/session-context";

/** POST /api/auth/sign-out revokes the refresh cookie (204). */
export async function signOut(): Promise<void> {
  await api.post("/auth/sign-out", undefined, { withCredentials: true });
}

/** Signs out on the server, then forgets everything locally even if the server could not be reached. */
export function useSignOut() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onError: (error) => console.error("Sign-out failed on the server", error),
    onSettled: () => {
      session.end();
      queryClient.clear();
      void navigate(SIGN_IN_PATH, { replace: true });
    },
  });
}
