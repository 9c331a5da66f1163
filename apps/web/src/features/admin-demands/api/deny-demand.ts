import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideDemand } from "./decide-demand";
import { DEMANDS_QUERY_KEY } from "./list-demands";

/** Refuses an enterprise account (remark optional) or a credits request (the remark, its reason, required). */
export function useDenyDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, remark }: { id: string; remark?: string }) => decideDemand(id, "deny", remark),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEMANDS_QUERY_KEY }),
  });
}
