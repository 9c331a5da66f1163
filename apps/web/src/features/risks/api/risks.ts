import { type TRisk, type TRiskInput, ZPageSchema, ZRiskSchema } from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { riskKeys, useRefreshRisks } from "./query-keys";

export interface TRiskListQuery {
  q?: string;
  critical?: boolean;
  page: number;
  pageSize: number;
}

const ZRiskPageSchema = ZPageSchema(ZRiskSchema);

/** GET /api/risks?q&critical&page&pageSize (`critical=true`: the "Critical risks" list). */
export async function listRisks({ q, critical, page, pageSize }: TRiskListQuery): Promise<TPage<TRisk>> {
  const response = await api.get("/risks", {
    params: { q: q || undefined, critical: critical ? "true" : undefined, page, pageSize },
  });
  return parseBody(ZRiskPageSchema, response.data);
}

export function useRisks(query: TRiskListQuery) {
  return useQuery({
    queryKey: [...riskKeys.risks, query],
    queryFn: () => listRisks(query),
    placeholderData: keepPreviousData,
  });
}

export function useAllRisks() {
  return useQuery({
    queryKey: [...riskKeys.risks, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listRisks({ page, pageSize })),
  });
}

/** POST /api/risks. */
export async function createRisk(body: TRiskInput): Promise<TRisk> {
  const response = await api.post("/risks", body);
  return parseData(ZRiskSchema, response.data);
}

/** PATCH /api/risks/:id with every field. */
export async function updateRisk({ id, ...body }: TRiskInput & { id: string }): Promise<TRisk> {
  const response = await api.patch(`/risks/${encodeURIComponent(id)}`, body);
  return parseData(ZRiskSchema, response.data);
}

/** DELETE /api/risks/:id (soft; it leaves the risk assignments). */
export async function deleteRisk(id: string): Promise<void> {
  await api.delete(`/risks/${encodeURIComponent(id)}`);
}

export function useRiskWrites() {
  const refresh = useRefreshRisks();
  return {
    create: useMutation({ mutationFn: createRisk, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateRisk, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteRisk, onSuccess: refresh }),
  };
}
