import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideDemand } from "./decide-demand";
import { DEMANDS_QUERY_KEY } from "./list-demands";

/** Activates an enterprise account (and its first user), or records the purchase a credits request asks for. */
export function useApproveDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, remark }: { id: string; remark?: string }) => decideDemand(id, "approve", remark),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEMANDS_QUERY_KEY }),
        // An approved credits request changes the enterprise's balance (the credits feature's keys start so).
        queryClient.invalidateQueries({ queryKey: ["credits"] }),
      ]),
  });
}
