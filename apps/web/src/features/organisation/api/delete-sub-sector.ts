import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshOrganisation } from "./query-keys";

/** DELETE /api/sub-sectors/:id (permits that name it stay readable). */
export async function deleteSubSector(id: string): Promise<void> {
  await api.delete(`/sub-sectors/${encodeURIComponent(id)}`);
}

export function useDeleteSubSector() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: deleteSubSector, onSettled: refresh });
}
