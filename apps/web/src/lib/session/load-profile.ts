import type { TProfileRecord } from "@openpermit/shared";
import { api } from "../api/client";
import { parseData } from "../api/parse-data";

/** `GET /api/{role}/{id}` with the raw role claim (docs/domain.md, Session and tokens). */
export async function loadProfile(role: string, id: string, signal?: AbortSignal): Promise<TProfileRecord> {
  // The schema's code is fetched while the profile is asked for.
  const [{ ZProfileRecordSchema }, response] = await Promise.all([
    import("./profile-record-schema"),
    api.get(`/${encodeURIComponent(role)}/${encodeURIComponent(id)}`, { signal }),
  ]);
  return parseData(ZProfileRecordSchema, response.data);
}
