import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshEmployees } from "./query-keys";

/** DELETE /api/employees/:id (204). */
export async function deleteEmployee(id: string): Promise<void> {
  await api.delete(`/employees/${encodeURIComponent(id)}`);
}

export function useDeleteEmployee() {
  const refresh = useRefreshEmployees();
  return useMutation({ mutationFn: deleteEmployee, onSettled: refresh });
}
