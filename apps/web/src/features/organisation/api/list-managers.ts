import { type TAccountStatus, type TManager, ZManagerSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

export type TManagerRole = TManager["role"];

export interface TManagerListQuery {
  role: TManagerRole;
  divisionId?: string;
  status?: TAccountStatus;
  q?: string;
  page: number;
  pageSize: number;
}

const ZManagerPageSchema = ZPageSchema(ZManagerSchema);

/** GET /api/managers?role&divisionId&status&q&page&pageSize */
export async function listManagers(query: TManagerListQuery): Promise<TPage<TManager>> {
  const { role, divisionId, status, q, page, pageSize } = query;
  const response = await api.get("/managers", {
    params: {
      role,
      divisionId: divisionId || undefined,
      status: status || undefined,
      q: q || undefined,
      page,
      pageSize,
    },
  });
  return parseBody(ZManagerPageSchema, response.data);
}

export function useManagers(query: TManagerListQuery) {
  return useQuery({
    queryKey: [...organisationKeys.managers, query],
    queryFn: () => listManagers(query),
    placeholderData: keepPreviousData,
  });
}
