import { ZResetTokenSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

/** POST /api/auth/verify-reset-code: a right code buys a reset token for the new password. */
export async function verifyResetCode(body: { email: string; code: string }): Promise<string> {
  const response = await api.post("/auth/verify-reset-code", body);
  return parseData(ZResetTokenSchema, response.data).resetToken;
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
