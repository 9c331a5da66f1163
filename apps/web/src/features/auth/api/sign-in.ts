import type { TSignInResult } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api/api-error";
import { api } from "../../../lib/api/client";
import type { TSignInValues } from "../sign-in-rules";

/**
 * The token of `ZSignInResultSchema`, checked by hand: the sign-in page is the first page most people load, and
 * loads no zod. Anything else is a contract bug, reported as `parseData` reports one.
 */
function tokenOf(body: unknown): string {
  const token = (body as { data?: Partial<TSignInResult> } | null | undefined)?.data?.token;
  if (typeof token === "string") return token;
  console.error("Unexpected answer from the server", body);
  throw new ApiError(200, "SERVER_ERROR", "Unexpected answer from the server");
}

/** POST /api/auth/sign-in: the access token in the body, the refresh token as an httpOnly cookie. */
export async function signIn(body: TSignInValues): Promise<string> {
  const response = await api.post("/auth/sign-in", body, { withCredentials: true });
  return tokenOf(response.data);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
