import { type TEmployee, ZEmployeeSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshEmployees } from "./query-keys";

export type TAccessChange = "disable" | "enable";

/** POST /api/employees/:id/disable | /enable (idempotent): a disabled employee can no longer sign in. */
export async function setEmployeeAccess({ id, change }: { id: string; change: TAccessChange }): Promise<TEmployee> {
  const response = await api.post(`/employees/${encodeURIComponent(id)}/${change}`);
  return parseData(ZEmployeeSchema, response.data);
}

export function useSetEmployeeAccess() {
  const refresh = useRefreshEmployees();
  return useMutation({ mutationFn: setEmployeeAccess, onSettled: refresh });
}
