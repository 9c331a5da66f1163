import { type TProfileRecord, ZProfileRecordSchema } from "@openpermit/shared";
import { api } from "../api/client";
import { parseData } from "../api/parse-data";

/** `GET /api/{role}/{id}` with the raw role claim (docs/domain.md, Session and tokens). */
export async function loadProfile(role: string, id: string, signal?: AbortSignal): Promise<TProfileRecord> {
  const response = await api.get(`/${encodeURIComponent(role)}/${encodeURIComponent(id)}`, { signal });
  return parseData(ZProfileRecordSchema, response.data);
}
