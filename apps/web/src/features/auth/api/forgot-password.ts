import { ZCodeSentSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import type { TCodeSent } from "./resend-confirmation";

/** POST /api/auth/forgot-password: answers the same for unknown addresses. */
export async function forgotPassword(body: { email: string }): Promise<TCodeSent> {
  const response = await api.post("/auth/forgot-password", body);
  return parseData(ZCodeSentSchema, response.data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
