import { type TAdminDemand, ZAdminDemandSchema } from "@openpermit/shared";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export type TDecision = "approve" | "deny";

/**
 * POST /api/admin/demands/{id}/approve|deny `{ remark? }` (an enterprise account or a credits request, whose denial
 * needs the remark); 409 CONFLICT once someone decided it.
 */
export async function decideDemand(id: string, decision: TDecision, remark?: string): Promise<TAdminDemand> {
  const response = await api.post(`/admin/demands/${encodeURIComponent(id)}/${decision}`, remark ? { remark } : {});
  return parseData(ZAdminDemandSchema, response.data);
}
