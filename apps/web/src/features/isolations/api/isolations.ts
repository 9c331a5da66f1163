import {
  type TIsolationImportResult,
  type TIsolationInPlace,
  type TIsolationPoint,
  type TIsolationPointInput,
  type TPermitIsolations,
  ZIsolationImportResultSchema,
  ZIsolationInPlaceSchema,
  ZIsolationPointSchema,
  ZPageSchema,
  ZPermitIsolationsSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";

/**
 * The isolation register (lock-out/tag-out): its points, the isolations in place, a permit's isolations. Every
 * change refreshes them all: applying a point changes the register, the view in place and each permit naming it.
 */
export const ISOLATIONS_KEY = ["isolations"] as const;

export function useRefreshIsolations(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ISOLATIONS_KEY }), [queryClient]);
}

export interface TPointListQuery {
  sectorId?: string;
  q?: string;
  enterpriseId?: string;
  page: number;
  pageSize: number;
}

const ZPointPageSchema = ZPageSchema(ZIsolationPointSchema);

/** GET /api/isolation-points?sectorId&q&enterpriseId&page&pageSize */
export async function listPoints(query: TPointListQuery): Promise<TPage<TIsolationPoint>> {
  const { sectorId, q, enterpriseId, page, pageSize } = query;
  const response = await api.get("/isolation-points", {
    params: {
      sectorId: sectorId || undefined,
      q: q || undefined,
      enterpriseId: enterpriseId || undefined,
      page,
      pageSize,
    },
  });
  return parseBody(ZPointPageSchema, response.data);
}

export function usePoints(query: TPointListQuery) {
  return useQuery({
    queryKey: [...ISOLATIONS_KEY, "points", query],
    queryFn: () => listPoints(query),
    placeholderData: keepPreviousData,
  });
}

/** Every point of one sector (the request form offers them; the map draws them). */
export function useSectorPoints(sectorId: string | null, enterpriseId?: string) {
  return useQuery({
    queryKey: [...ISOLATIONS_KEY, "of-sector", sectorId, enterpriseId],
    queryFn: () => fetchAllPages((page, pageSize) => listPoints({ sectorId: sectorId!, enterpriseId, page, pageSize })),
    enabled: sectorId !== null,
  });
}

export type TPointChanges = Partial<Omit<TIsolationPointInput, "sectorId">>;

export function useSavePoint() {
  const refresh = useRefreshIsolations();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TIsolationPointInput }) => {
      const { sectorId, ...changes } = body;
      const response = id
        ? await api.patch(`/isolation-points/${id}`, changes satisfies TPointChanges)
        : await api.post("/isolation-points", body);
      return parseData(ZIsolationPointSchema, response.data);
    },
    onSuccess: refresh,
  });
}

export function useDeletePoint() {
  const refresh = useRefreshIsolations();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/isolation-points/${id}`);
    },
    onSuccess: refresh,
  });
}

export type TIsolationOperation =
  | { kind: "apply"; lockNumber: string }
  | { kind: "prove"; password: string; declaration: true; language: "en" | "fr" }
  | { kind: "release"; remark?: string };

/** POST /api/isolation-points/:id/{apply,prove,release} */
export function useIsolationOperation() {
  const refresh = useRefreshIsolations();
  return useMutation({
    mutationFn: async ({ id, operation }: { id: string; operation: TIsolationOperation }) => {
      const { kind, ...body } = operation;
      const response = await api.post(`/isolation-points/${id}/${kind}`, body);
      return parseData(ZIsolationPointSchema, response.data);
    },
    onSuccess: refresh,
  });
}

const ZInPlacePageSchema = ZPageSchema(ZIsolationInPlaceSchema);

/** GET /api/isolation-points/in-place?page&pageSize */
export function useIsolationsInPlace(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ISOLATIONS_KEY, "in-place", page, pageSize],
    queryFn: async (): Promise<TPage<TIsolationInPlace>> => {
      const response = await api.get("/isolation-points/in-place", { params: { page, pageSize } });
      return parseBody(ZInPlacePageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/permits/:id/isolations */
export function usePermitIsolations(permitId: string | null) {
  return useQuery({
    queryKey: [...ISOLATIONS_KEY, "permit", permitId],
    queryFn: async (): Promise<TPermitIsolations> => {
      const response = await api.get(`/permits/${permitId}/isolations`);
      return parseData(ZPermitIsolationsSchema, response.data);
    },
    enabled: permitId !== null,
  });
}

/** PUT /api/permits/:id/isolations: the points a draft needs (after the draft itself is saved). */
export async function setPermitIsolations(permitId: string, pointIds: string[]): Promise<TPermitIsolations> {
  const response = await api.put(`/permits/${permitId}/isolations`, { pointIds });
  return parseData(ZPermitIsolationsSchema, response.data);
}

/** GET /api/isolation-points/export?format&divisionId: one division's register as a CSV or XLSX file. */
export async function exportPoints(format: "csv" | "xlsx", divisionId: string): Promise<Blob> {
  const response = await api.get<Blob>("/isolation-points/export", {
    params: { format, divisionId },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return response.data;
}

/** POST /api/isolation-points/import?divisionId (multipart, field `file`): all rows or none (IMPORT_INVALID). */
export function useImportPoints() {
  const refresh = useRefreshIsolations();
  return useMutation({
    mutationFn: async ({ file, divisionId }: { file: File; divisionId: string }): Promise<TIsolationImportResult> => {
      const body = new FormData();
      body.append("file", file, file.name);
      const response = await api.post("/isolation-points/import", body, { params: { divisionId } });
      return parseData(ZIsolationImportResultSchema, response.data);
    },
    onSuccess: refresh,
  });
}
