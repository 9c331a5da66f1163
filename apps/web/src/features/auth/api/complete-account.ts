import type { ZCompleteAccountSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const ZCompletedSchema = z.object({ email: z.string() });

/** POST /api/auth/complete-account: an invited person sets a password. */
export async function completeAccount(body: z.infer<typeof ZCompleteAccountSchema>): Promise<{ email: string }> {
  const response = await api.post("/auth/complete-account", body);
  return parseData(ZCompletedSchema, response.data);
}

export function useCompleteAccount() {
  return useMutation({ mutationFn: completeAccount });
}
