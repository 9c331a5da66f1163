import { ZCodeSentSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export type TCodeSent = z.infer<typeof ZCodeSentSchema>;

/** POST /api/auth/resend-confirmation: a new sign-up confirmation code. */
export async function resendConfirmation(body: { email: string }): Promise<TCodeSent> {
  const response = await api.post("/auth/resend-confirmation", body);
  return parseData(ZCodeSentSchema, response.data);
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
