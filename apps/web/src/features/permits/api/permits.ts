import {
  type TPermit,
  type TPermitAction,
  type TPermitActionInput,
  type TPermitDraft,
  type TPermitFile,
  type TPermitListQuery,
  type TPermitRerateInput,
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
import { uploadWithProgress } from "../../../lib/api/upload-with-progress";
import { saveBlob } from "../../../lib/files/save-blob";
import { deviceTimeZone } from "../../../lib/time-zone";
import { permitKeys, useRefreshPermits } from "./query-keys";

const path = (id: string) => `/permits/${encodeURIComponent(id)}`;
const ZPermitPageSchema = ZPageSchema(ZPermitSummarySchema);
const ZPermitHistorySchema = z.array(ZPermitEventSchema);

/** The list filters the web app sends (`status` comma-separated, as the contract reads it). */
export type TPermitListFilters = Pick<
  TPermitListQuery,
  | "view"
  | "q"
  | "sort"
  | "divisionId"
  | "sectorId"
  | "contractorId"
  | "workTypeId"
  | "criticality"
  | "from"
  | "to"
  | "startDay"
  | "changedSince"
  | "overdue"
  | "tz"
> & { status?: string };
export type TPermitListParams = TPermitListFilters & { page: number; pageSize: number };

/** The query string of a list or its export: empty filters are left out (the server reads absent as "any"). */
function listParams(filters: TPermitListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = String(value);
  return params;
}

/** GET /api/permits?view&status&…filters&q&sort&page&pageSize → a page of summaries. */
export async function listPermits({ page, pageSize, ...filters }: TPermitListParams) {
  const response = await api.get("/permits", { params: { ...listParams(filters), page, pageSize } });
  return parseBody(ZPermitPageSchema, response.data);
}

export function usePermitList(query: TPermitListParams) {
  return useQuery({
    queryKey: [...permitKeys.lists, query],
    queryFn: () => listPermits(query),
    placeholderData: keepPreviousData,
  });
}

export type TPermitExportFormat = "csv" | "xlsx";

/**
 * GET /api/permits/export?<the list's filters>&format&tz: the whole filtered list as a file (with the token), its
 * times written in the reader's zone (the server cannot know it) and its words in the account's language.
 */
export async function exportPermits(format: TPermitExportFormat, filters: TPermitListFilters): Promise<Blob> {
  const response = await api.get<Blob>("/permits/export", {
    params: { ...listParams(filters), format, tz: deviceTimeZone() },
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  return response.data;
}

/**
 * GET /api/permits/:id/pdf?tz: the printable permit, its times written in the reader's zone (the server
 * cannot know it), saved as <documentNumber>.pdf.
 */
export async function downloadPermitPdf(permit: { id: string; documentNumber: string }): Promise<void> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await api.get<Blob>(`${path(permit.id)}/pdf`, {
    params: { tz },
    responseType: "blob",
    headers: { Accept: "application/pdf" },
  });
  saveBlob(response.data, `${permit.documentNumber}.pdf`);
}

/** DELETE /api/permits/:id: a draft never sent, by its creator (204). */
export async function deletePermitDraft(id: string): Promise<void> {
  await api.delete(path(id));
}

export function useDeletePermitDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePermitDraft,
    // Only the lists: the permit's own query would be refetched (404) while its page is still on screen.
    onSettled: () => queryClient.invalidateQueries({ queryKey: permitKeys.lists }),
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

/**
 * POST /api/permits/:id/<action> with its body (a remark, a signature's password and declaration, a close-out's
 * answers): the permit as it now is.
 */
export async function takePermitAction({
  id,
  action,
  input = {},
}: {
  id: string;
  action: TPermitAction;
  input?: TPermitActionInput;
}): Promise<TPermit> {
  const response = await api.post(`${path(id)}/${action}`, input);
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/duplicate → the caller's new draft (same content, no files, no number). */
export async function duplicatePermit(id: string): Promise<TPermit> {
  const response = await api.post(`${path(id)}/duplicate`);
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/rerate: a verifier's own probability × severity, with the reason. */
export async function reratePermit({ id, ...body }: TPermitRerateInput & { id: string }): Promise<TPermit> {
  const response = await api.post(`${path(id)}/rerate`, body);
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
  const response = await uploadWithProgress({
    method: "POST",
    url: `${path(id)}/files`,
    body,
    onProgress: (fraction) => onProgress?.(Math.round(fraction * 100)),
  });
  return parseData(ZPermitFileSchema, response.data);
}

/** DELETE /api/permits/:id/files/:fileId. */
export async function deletePermitFile({ id, fileId }: { id: string; fileId: string }): Promise<void> {
  await api.delete(`${path(id)}/files/${encodeURIComponent(fileId)}`);
}

/** Downloads a permit's file with the token (an <a href> would not send it) and saves it under its name. */
/** Downloads a file the API serves (a permit's file, a specific risk's procedure) with the token, under its name. */
export async function downloadPermitFile(file: Pick<TPermitFile, "url" | "name">): Promise<void> {
  const response = await api.get<Blob>(file.url.replace(/^\/api(?=\/)/, ""), { responseType: "blob" });
  saveBlob(response.data, file.name);
}

/** Every write answers the permit: it replaces the cached one, and the lists and history are refreshed. */
export function usePermitWrite<TInput>(write: (input: TInput) => Promise<TPermit>) {
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
export const useReratePermit = () => usePermitWrite(reratePermit);
