import {
  type TProcedureFile,
  type TWorkType,
  type TWorkTypeInput,
  type TWorkTypeKind,
  ZPageSchema,
  ZProcedureFileSchema,
  ZWorkTypeSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { saveBlob } from "../../../lib/files/save-blob";
import { riskKeys, useRefreshRisks } from "./query-keys";

export interface TWorkTypeListQuery {
  kind?: TWorkTypeKind;
  q?: string;
  page: number;
  pageSize: number;
}

const ZWorkTypePageSchema = ZPageSchema(ZWorkTypeSchema);

/** GET /api/work-types?kind&q&page&pageSize. */
export async function listWorkTypes({ kind, q, page, pageSize }: TWorkTypeListQuery): Promise<TPage<TWorkType>> {
  const response = await api.get("/work-types", { params: { kind, q: q || undefined, page, pageSize } });
  return parseBody(ZWorkTypePageSchema, response.data);
}

/** Every work type of both kinds, for work type selects. */
export function useAllWorkTypes() {
  return useQuery({
    queryKey: [...riskKeys.workTypes, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listWorkTypes({ page, pageSize })),
  });
}

export function useWorkTypes(query: TWorkTypeListQuery) {
  return useQuery({
    queryKey: [...riskKeys.workTypes, query],
    queryFn: () => listWorkTypes(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/work-types. */
export async function createWorkType(body: TWorkTypeInput): Promise<TWorkType> {
  const response = await api.post("/work-types", body);
  return parseData(ZWorkTypeSchema, response.data);
}

/** PATCH /api/work-types/:id with every field (the checklist replaces the whole list). */
export async function updateWorkType({ id, ...body }: TWorkTypeInput & { id: string }): Promise<TWorkType> {
  const response = await api.patch(`/work-types/${encodeURIComponent(id)}`, body);
  return parseData(ZWorkTypeSchema, response.data);
}

/** DELETE /api/work-types/:id (soft: permits keep naming it; it leaves the risk assignments). */
export async function deleteWorkType(id: string): Promise<void> {
  await api.delete(`/work-types/${encodeURIComponent(id)}`);
}

/** POST /api/<owner>/:id/files (multipart, field `file`): a procedure file, checked by content. */
export async function uploadProcedureFile({ owner, id, file }: { owner: TFileOwner; id: string; file: File }) {
  const body = new FormData();
  body.append("file", file, file.name);
  const response = await api.post(`/${owner}/${encodeURIComponent(id)}/files`, body);
  return parseData(ZProcedureFileSchema, response.data);
}

/** DELETE /api/<owner>/:id/files/:fileId. */
export async function deleteProcedureFile({ owner, id, fileId }: { owner: TFileOwner; id: string; fileId: string }) {
  await api.delete(`/${owner}/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`);
}

/** Downloads a procedure file with the token and saves it under its name. */
export async function downloadProcedureFile(file: TProcedureFile): Promise<void> {
  const path = file.url.replace(/^\/api(?=\/)/, "");
  const response = await api.get<Blob>(path, { responseType: "blob" });
  saveBlob(response.data, file.name);
}

export type TFileOwner = "work-types" | "specific-risks";

export function useWorkTypeWrites() {
  const refresh = useRefreshRisks();
  return {
    create: useMutation({ mutationFn: createWorkType, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateWorkType, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteWorkType, onSuccess: refresh }),
  };
}
