import { type TSpecificRisk, type TSpecificRiskInput, ZPageSchema, ZSpecificRiskSchema } from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { riskKeys, useRefreshRisks } from "./query-keys";

const ZSpecificRiskPageSchema = ZPageSchema(ZSpecificRiskSchema);

/** GET /api/specific-risks?q&page&pageSize. */
export async function listSpecificRisks(query: {
  q?: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TSpecificRisk>> {
  const response = await api.get("/specific-risks", { params: { ...query, q: query.q || undefined } });
  return parseBody(ZSpecificRiskPageSchema, response.data);
}

export function useSpecificRisks(query: { q?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...riskKeys.specificRisks, query],
    queryFn: () => listSpecificRisks(query),
    placeholderData: keepPreviousData,
  });
}

export function useAllSpecificRisks() {
  return useQuery({
    queryKey: [...riskKeys.specificRisks, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listSpecificRisks({ page, pageSize })),
  });
}

export async function createSpecificRisk(body: TSpecificRiskInput): Promise<TSpecificRisk> {
  const response = await api.post("/specific-risks", body);
  return parseData(ZSpecificRiskSchema, response.data);
}

export async function updateSpecificRisk({ id, ...body }: TSpecificRiskInput & { id: string }): Promise<TSpecificRisk> {
  const response = await api.patch(`/specific-risks/${encodeURIComponent(id)}`, body);
  return parseData(ZSpecificRiskSchema, response.data);
}

export async function deleteSpecificRisk(id: string): Promise<void> {
  await api.delete(`/specific-risks/${encodeURIComponent(id)}`);
}

/** PUT /api/specific-risks/:id/logogram (multipart, field `logogram`). */
export async function uploadLogogram({ id, file }: { id: string; file: File }): Promise<TSpecificRisk> {
  const body = new FormData();
  body.append("logogram", file, file.name);
  const response = await api.put(`/specific-risks/${encodeURIComponent(id)}/logogram`, body);
  return parseData(ZSpecificRiskSchema, response.data);
}

/** DELETE /api/specific-risks/:id/logogram: the specific risk without its logogram. */
export async function removeLogogram(id: string): Promise<TSpecificRisk> {
  const response = await api.delete(`/specific-risks/${encodeURIComponent(id)}/logogram`);
  return parseData(ZSpecificRiskSchema, response.data);
}

export function useSpecificRiskWrites() {
  const refresh = useRefreshRisks();
  return {
    create: useMutation({ mutationFn: createSpecificRisk, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateSpecificRisk, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteSpecificRisk, onSuccess: refresh }),
    uploadLogogram: useMutation({ mutationFn: uploadLogogram, onSuccess: refresh }),
    removeLogogram: useMutation({ mutationFn: removeLogogram, onSuccess: refresh }),
  };
}
