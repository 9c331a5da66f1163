import { type TDirectoryEnterprise, ZDirectoryEnterpriseSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { demandKeys } from "./query-keys";

export const DIRECTORY_PAGE_SIZE = 10;

const ZDirectoryPageSchema = ZPageSchema(ZDirectoryEnterpriseSchema);

/** GET /api/enterprise-directory?q&page&pageSize (Supplier): active enterprises by name, with the affiliation. */
export async function listDirectory(q: string): Promise<TPage<TDirectoryEnterprise>> {
  const response = await api.get("/enterprise-directory", {
    params: { q: q || undefined, page: 1, pageSize: DIRECTORY_PAGE_SIZE },
  });
  return parseBody(ZDirectoryPageSchema, response.data);
}

/** Runs once the supplier has typed something: the directory is searched, not browsed. */
export function useDirectory(q: string) {
  return useQuery({
    queryKey: [...demandKeys.directory, q],
    queryFn: () => listDirectory(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
