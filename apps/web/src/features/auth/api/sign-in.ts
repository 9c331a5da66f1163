import { ZSignInResultSchema, type ZSignInSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

/** POST /api/auth/sign-in: the access token in the body, the refresh token as an httpOnly cookie. */
export async function signIn(body: z.infer<typeof ZSignInSchema>): Promise<string> {
  const response = await api.post("/auth/sign-in", body, { withCredentials: true });
  return parseData(ZSignInResultSchema, response.data).token;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
