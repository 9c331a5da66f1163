import { type TPermissionsMatrix, ZPermissionsMatrixSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { organisationKeys } from "./query-keys";

/** GET /api/permissions?divisionId: the division's permit managers (rows) × its sectors (columns). */
export async function getPermissions(divisionId: string | undefined): Promise<TPermissionsMatrix> {
  const response = await api.get("/permissions", { params: { divisionId: divisionId || undefined } });
  return parseData(ZPermissionsMatrixSchema, response.data);
}

export function permissionsKey(divisionId: string | undefined) {
  return [...organisationKeys.permissions, divisionId ?? null] as const;
}

export function usePermissions(divisionId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: permissionsKey(divisionId),
    queryFn: () => getPermissions(divisionId),
    enabled,
  });
}
