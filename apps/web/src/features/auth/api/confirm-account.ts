import { ZConfirmAccountResultSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export type TConfirmAccountResult = z.infer<typeof ZConfirmAccountResultSchema>;

/** POST /api/auth/confirm-account: `active` may sign in; `pending_verification` waits for the admin. */
export async function confirmAccount(body: { email: string; code: string }): Promise<TConfirmAccountResult> {
  const response = await api.post("/auth/confirm-account", body);
  return parseData(ZConfirmAccountResultSchema, response.data);
}

export function useConfirmAccount() {
  return useMutation({ mutationFn: confirmAccount });
}
