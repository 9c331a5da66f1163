import { type TEmployee, type TEmployeeInput, ZEmployeeSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshEmployees } from "./query-keys";

/** POST /api/employees: the new employee gets an invitation e-mail; 409 EMAIL_EXISTS when the e-mail is taken. */
export async function createEmployee(body: TEmployeeInput): Promise<TEmployee> {
  const response = await api.post("/employees", body);
  return parseData(ZEmployeeSchema, response.data);
}

export function useCreateEmployee() {
  const refresh = useRefreshEmployees();
  return useMutation({ mutationFn: createEmployee, onSuccess: refresh });
}
