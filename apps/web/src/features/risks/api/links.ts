import { type TLink, type TLinkInput, ZLinkSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages, type TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { riskKeys, useRefreshRisks } from "./query-keys";

export interface TLinkListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const ZLinkPageSchema = ZPageSchema(ZLinkSchema);

/** GET /api/links?q&page&pageSize (`q` searches titles and tags). */
export async function listLinks({ q, page, pageSize }: TLinkListQuery): Promise<TPage<TLink>> {
  const response = await api.get("/links", { params: { q: q || undefined, page, pageSize } });
  return parseBody(ZLinkPageSchema, response.data);
}

export function useLinks(query: TLinkListQuery) {
  return useQuery({
    queryKey: [...riskKeys.links, query],
    queryFn: () => listLinks(query),
    placeholderData: keepPreviousData,
  });
}

/** Every useful link, for the specific risks that attach them. */
export function useAllLinks() {
  return useQuery({
    queryKey: [...riskKeys.links, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listLinks({ page, pageSize })),
  });
}

/** POST /api/links. */
export async function createLink(body: TLinkInput): Promise<TLink> {
  const response = await api.post("/links", body);
  return parseData(ZLinkSchema, response.data);
}

/** PATCH /api/links/:id with every field. */
export async function updateLink({ id, ...body }: TLinkInput & { id: string }): Promise<TLink> {
  const response = await api.patch(`/links/${encodeURIComponent(id)}`, body);
  return parseData(ZLinkSchema, response.data);
}

/** DELETE /api/links/:id (the specific risks that named it lose it). */
export async function deleteLink(id: string): Promise<void> {
  await api.delete(`/links/${encodeURIComponent(id)}`);
}

export function useLinkWrites() {
  const refresh = useRefreshRisks();
  return {
    create: useMutation({ mutationFn: createLink, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateLink, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteLink, onSuccess: refresh }),
  };
}
