import { ZAdminEnterpriseSchema, ZAdminSupplierSchema } from "@openpermit/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useRefreshAdminCompanies } from "./query-keys";

export type TCompanyKind = "supplier" | "enterprise";
export type TAccessChange = "disable" | "enable";

const PATHS: Record<TCompanyKind, string> = { supplier: "/admin/suppliers", enterprise: "/admin/enterprises" };

/**
 * POST /api/admin/suppliers/:id/disable | /enable and the same for enterprises (idempotent). Enabling a company
 * that never became active is 409 CONFLICT: a pending enterprise is activated by approving its account demand.
 */
export async function setCompanyAccess(input: { kind: TCompanyKind; id: string; change: TAccessChange }) {
  const response = await api.post(`${PATHS[input.kind]}/${encodeURIComponent(input.id)}/${input.change}`);
  return parseData(input.kind === "supplier" ? ZAdminSupplierSchema : ZAdminEnterpriseSchema, response.data);
}

export function useSetCompanyAccess() {
  const refresh = useRefreshAdminCompanies();
  return useMutation({ mutationFn: setCompanyAccess, onSettled: refresh });
}
