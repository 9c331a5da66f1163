import {
  type TPermit,
  type TPermitAction,
  type TPermitDraft,
  type TPermitFile,
  type TPermitListQuery,
  ZPageSchema,
  ZPermitEventSchema,
  ZPermitFileSchema,
  ZPermitSchema,
  ZPermitSummarySchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { saveBlob } from "../../../lib/files/save-blob";
import { permitKeys, useRefreshPermits } from "./query-keys";

const path = (id: string) => `/permits/${encodeURIComponent(id)}`;
const ZPermitPageSchema = ZPageSchema(ZPermitSummarySchema);
const ZPermitHistorySchema = z.array(ZPermitEventSchema);

/** The list filters the web app sends (`status` comma-separated, as the contract reads it). */
export type TPermitListParams = Pick<TPermitListQuery, "view" | "q" | "sort"> & {
  status?: string;
  page: number;
  pageSize: number;
};

/** GET /api/permits?view&status&q&sort&page&pageSize → a page of summaries. */
export async function listPermits({ view, status, q, sort, page, pageSize }: TPermitListParams) {
  const response = await api.get("/permits", {
    params: { view, status: status || undefined, q: q || undefined, sort, page, pageSize },
  });
  return parseBody(ZPermitPageSchema, response.data);
}

export function usePermitList(query: TPermitListParams) {
  return useQuery({
    queryKey: [...permitKeys.lists, query],
    queryFn: () => listPermits(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/permits/:id (404 for anyone who may not see it). */
export async function getPermit(id: string): Promise<TPermit> {
  const response = await api.get(path(id));
  return parseData(ZPermitSchema, response.data);
}

export function usePermit(id: string | null) {
  return useQuery({ queryKey: permitKeys.one(id ?? ""), queryFn: () => getPermit(id!), enabled: id !== null });
}

/** GET /api/permits/:id/history: every event, oldest first. */
export async function getPermitHistory(id: string) {
  const response = await api.get(`${path(id)}/history`);
  return parseData(ZPermitHistorySchema, response.data);
}

export function usePermitHistory(id: string) {
  return useQuery({ queryKey: permitKeys.history(id), queryFn: () => getPermitHistory(id) });
}

/** POST /api/permits (a new draft) or PATCH /api/permits/:id (the whole draft again). */
export async function saveDraft({ id, draft }: { id: string | null; draft: TPermitDraft }): Promise<TPermit> {
  const response = id ? await api.patch(path(id), draft) : await api.post("/permits", draft);
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/<action> `{ remark? }`: the permit as it now is. */
export async function takePermitAction({
  id,
  action,
  remark,
}: {
  id: string;
  action: TPermitAction;
  remark?: string;
}): Promise<TPermit> {
  const response = await api.post(`${path(id)}/${action}`, remark ? { remark } : {});
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/duplicate → the caller's new draft (same content, no files, no number). */
export async function duplicatePermit(id: string): Promise<TPermit> {
  const response = await api.post(`${path(id)}/duplicate`);
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/files (multipart, field `file`), one file per request, with its upload progress. */
export async function uploadPermitFile({
  id,
  file,
  onProgress,
}: {
  id: string;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<TPermitFile> {
  const body = new FormData();
  body.append("file", file, file.name);
  const response = await api.post(`${path(id)}/files`, body, {
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
  return parseData(ZPermitFileSchema, response.data);
}

/** DELETE /api/permits/:id/files/:fileId. */
export async function deletePermitFile({ id, fileId }: { id: string; fileId: string }): Promise<void> {
  await api.delete(`${path(id)}/files/${encodeURIComponent(fileId)}`);
}

/** Downloads a permit's file with the token (an <a href> would not send it) and saves it under its name. */
export async function downloadPermitFile(file: TPermitFile): Promise<void> {
  const response = await api.get<Blob>(file.url.replace(/^\/api(?=\/)/, ""), { responseType: "blob" });
  saveBlob(response.data, file.name);
}

/** Every write answers the permit: it replaces the cached one, and the lists and history are refreshed. */
function usePermitWrite<TInput>(write: (input: TInput) => Promise<TPermit>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPermits();
  return useMutation({
    mutationFn: write,
    onSuccess: (permit) => queryClient.setQueryData(permitKeys.one(permit.id), permit),
    // Settled, not only on success: a 409 means what is on screen is out of date.
    onSettled: refresh,
  });
}

export const useSaveDraft = () => usePermitWrite(saveDraft);
export const usePermitAction = () => usePermitWrite(takePermitAction);
export const useDuplicatePermit = () => usePermitWrite(duplicatePermit);
