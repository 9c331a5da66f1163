import { type TGasTestInput, ZPermitGasTestsSchema } from "@openpermit/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { PERMITS_KEY, useRefreshPermits } from "./query-keys";

const gasTestsPath = (id: string) => `/permits/${encodeURIComponent(id)}/gas-tests`;
const gasTestsKey = (id: string) => [...PERMITS_KEY, "gas-tests", id] as const;

/** GET /api/permits/:id/gas-tests: the tests (newest first), the gases a new test reads, whether the caller may. */
export function usePermitGasTests(id: string, enabled = true) {
  return useQuery({
    queryKey: gasTestsKey(id),
    queryFn: async () => parseData(ZPermitGasTestsSchema, (await api.get(gasTestsPath(id))).data),
    enabled,
  });
}

/**
 * POST the same: the server judges each reading. Every permit read is refreshed after it: a failing test suspends
 * work in progress, and the permit's due time moves.
 */
export function useRecordGasTest(id: string) {
  const refresh = useRefreshPermits();
  return useMutation({
    mutationFn: async (input: TGasTestInput) =>
      parseData(ZPermitGasTestsSchema, (await api.post(gasTestsPath(id), input)).data),
    onSettled: () => refresh(),
  });
}
