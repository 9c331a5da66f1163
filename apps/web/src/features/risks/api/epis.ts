import {
  type TEnterpriseEpi,
  type TEpi,
  type TEpiInput,
  ZEnterpriseEpiSchema,
  ZEnterpriseEpisSchema,
  ZEpiSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { riskKeys, useRefreshRisks } from "./query-keys";

export interface TEpiListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const ZEpiPageSchema = ZPageSchema(ZEpiSchema);
const ZEnterpriseEpiPageSchema = ZPageSchema(ZEnterpriseEpiSchema);

/** GET /api/epis?q&page&pageSize (Admin; the catalogue without deleted ones). */
export async function listEpis({ q, page, pageSize }: TEpiListQuery): Promise<TPage<TEpi>> {
  const response = await api.get("/epis", { params: { q: q || undefined, page, pageSize } });
  return parseBody(ZEpiPageSchema, response.data);
}

export function useEpis(query: TEpiListQuery) {
  return useQuery({
    queryKey: [...riskKeys.epis, query],
    queryFn: () => listEpis(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/epis. */
export async function createEpi(body: TEpiInput): Promise<TEpi> {
  const response = await api.post("/epis", body);
  return parseData(ZEpiSchema, response.data);
}

/** PATCH /api/epis/:id. */
export async function updateEpi({ id, ...body }: TEpiInput & { id: string }): Promise<TEpi> {
  const response = await api.patch(`/epis/${encodeURIComponent(id)}`, body);
  return parseData(ZEpiSchema, response.data);
}

/** DELETE /api/epis/:id (soft: permits that name it keep reading it). */
export async function deleteEpi(id: string): Promise<void> {
  await api.delete(`/epis/${encodeURIComponent(id)}`);
}

/** PUT /api/epis/:id/icon (multipart, field `icon`): PNG, JPEG or WebP up to 2 MB. */
export async function uploadEpiIcon({ id, file }: { id: string; file: File }): Promise<TEpi> {
  const body = new FormData();
  body.append("icon", file, file.name);
  const response = await api.put(`/epis/${encodeURIComponent(id)}/icon`, body);
  return parseData(ZEpiSchema, response.data);
}

/** DELETE /api/epis/:id/icon: the EPI without its icon. */
export async function removeEpiIcon(id: string): Promise<TEpi> {
  const response = await api.delete(`/epis/${encodeURIComponent(id)}/icon`);
  return parseData(ZEpiSchema, response.data);
}

export function useEpiWrites() {
  const refresh = useRefreshRisks();
  return {
    create: useMutation({ mutationFn: createEpi, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateEpi, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteEpi, onSuccess: refresh }),
    uploadIcon: useMutation({ mutationFn: uploadEpiIcon, onSuccess: refresh }),
    removeIcon: useMutation({ mutationFn: removeEpiIcon, onSuccess: refresh }),
  };
}

/** GET /api/enterprise-epis: the whole catalogue, each with whether the enterprise uses it. */
export async function listEnterpriseEpis(): Promise<TEnterpriseEpi[]> {
  return fetchAllPages(async (page, pageSize) => {
    const response = await api.get("/enterprise-epis", { params: { page, pageSize } });
    return parseBody(ZEnterpriseEpiPageSchema, response.data);
  });
}

export function useEnterpriseEpis() {
  return useQuery({ queryKey: [...riskKeys.epis, "enterprise"], queryFn: listEnterpriseEpis });
}

/** PUT /api/enterprise-epis: the whole set of the enterprise's picks. */
export async function setEnterpriseEpis(epiIds: string[]): Promise<string[]> {
  const response = await api.put("/enterprise-epis", { epiIds });
  return parseData(ZEnterpriseEpisSchema, response.data).epiIds;
}

export function useSetEnterpriseEpis() {
  const refresh = useRefreshRisks();
  return useMutation({ mutationFn: setEnterpriseEpis, onSuccess: refresh });
}
