import { type TEmployee, ZEmployeeSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshEmployees } from "./query-keys";

export interface TEmployeeUpdate {
  id: string;
  name?: string;
  /** null clears it. */
  phone?: string | null;
}

/** PATCH /api/employees/:id with the changed fields (the e-mail never changes). */
export async function updateEmployee({ id, ...body }: TEmployeeUpdate): Promise<TEmployee> {
  const response = await api.patch(`/employees/${encodeURIComponent(id)}`, body);
  return parseData(ZEmployeeSchema, response.data);
}

export function useUpdateEmployee() {
  const refresh = useRefreshEmployees();
  return useMutation({ mutationFn: updateEmployee, onSuccess: refresh });
}
