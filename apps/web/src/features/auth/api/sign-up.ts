import { type TSignUp, ZSignUpResultSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export type TSignUpResult = z.infer<typeof ZSignUpResultSchema>;

/** POST /api/auth/sign-up (201): a confirmation code goes to the e-mail address. */
export async function signUp(body: TSignUp): Promise<TSignUpResult> {
  const response = await api.post("/auth/sign-up", body);
  return parseData(ZSignUpResultSchema, response.data);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
