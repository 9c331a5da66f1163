import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideDemand } from "./decide-demand";
import { DEMANDS_QUERY_KEY } from "./list-demands";

/** Activates the enterprise account (and its first user). */
export function useApproveDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, remark }: { id: string; remark?: string }) => decideDemand(id, "approve", remark),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEMANDS_QUERY_KEY }),
  });
}
