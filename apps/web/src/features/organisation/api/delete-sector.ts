import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshOrganisation } from "./query-keys";

/** DELETE /api/sectors/:id (permits that name it stay readable). */
export async function deleteSector(id: string): Promise<void> {
  await api.delete(`/sectors/${encodeURIComponent(id)}`);
}

export function useDeleteSector() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: deleteSector, onSettled: refresh });
}
