import { type TRiskMatrix, type TRiskMatrixInput, ZRiskMatrixSchema } from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { riskKeys } from "./query-keys";

/** GET /api/risk-matrix: the enterprise's matrix (empty arrays until one is made). */
export async function getRiskMatrix(): Promise<TRiskMatrix> {
  const response = await api.get("/risk-matrix");
  return parseData(ZRiskMatrixSchema, response.data);
}

export function useRiskMatrix() {
  return useQuery({ queryKey: riskKeys.matrix, queryFn: getRiskMatrix });
}

/** PUT /api/risk-matrix: the whole matrix in one write. */
export async function saveRiskMatrix(body: TRiskMatrixInput): Promise<TRiskMatrix> {
  const response = await api.put("/risk-matrix", body);
  return parseData(ZRiskMatrixSchema, response.data);
}

/** POST /api/risk-matrix/default: replaces the matrix with the default 5 × 5, four levels. */
export async function resetRiskMatrix(): Promise<TRiskMatrix> {
  const response = await api.post("/risk-matrix/default");
  return parseData(ZRiskMatrixSchema, response.data);
}

/** PATCH /api/risk-matrix/settings (Enterprise): whether super-responsibles may edit. */
export async function setRiskMatrixSettings(body: { superResponsibleMayEdit: boolean }): Promise<TRiskMatrix> {
  const response = await api.patch("/risk-matrix/settings", body);
  return parseData(ZRiskMatrixSchema, response.data);
}

/** Each write answers the whole matrix, which replaces the cached one. */
function useMatrixWrite<TBody>(write: (body: TBody) => Promise<TRiskMatrix>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (matrix) => queryClient.setQueryData(riskKeys.matrix, matrix),
  });
}

export const useSaveRiskMatrix = () => useMatrixWrite(saveRiskMatrix);
export const useResetRiskMatrix = () => useMatrixWrite((_: undefined) => resetRiskMatrix());
export const useRiskMatrixSettings = () => useMatrixWrite(setRiskMatrixSettings);
