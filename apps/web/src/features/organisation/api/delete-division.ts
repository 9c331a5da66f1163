import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useRefreshOrganisation } from "./query-keys";

/** DELETE /api/divisions/:id; 409 DIVISION_NOT_EMPTY with `details { sectors, people }` while it holds any. */
export async function deleteDivision(id: string): Promise<void> {
  await api.delete(`/divisions/${encodeURIComponent(id)}`);
}

export function useDeleteDivision() {
  const refresh = useRefreshOrganisation();
  return useMutation({ mutationFn: deleteDivision, onSettled: refresh });
}
