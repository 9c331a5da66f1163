import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshOrganisation } from "./query-keys";

/** DELETE /api/managers/:id */
export async function deleteManager(id: string): Promise<void> {
  await api.delete(`/managers/${encodeURIComponent(id)}`);
}

export function useDeleteManager() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: deleteManager, onSettled: refresh });
}
