import { type TLanguage, type TPermit, ZCrewCandidateSchema, ZPermitSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { usePermitWrite } from "./permits";

const crewPath = (id: string, workerId?: string) =>
  `/permits/${encodeURIComponent(id)}/crew${workerId ? `/${encodeURIComponent(workerId)}` : ""}`;

/** GET /api/crew-candidates: the people the caller's company may name on a crew. */
export async function getCrewCandidates() {
  const response = await api.get("/crew-candidates");
  return parseData(z.array(ZCrewCandidateSchema), response.data);
}

export function useCrewCandidates(enabled = true) {
  return useQuery({ queryKey: ["crew-candidates"], queryFn: getCrewCandidates, enabled });
}

/** PUT /api/permits/:id/crew: the holder's new crew. */
export async function changeCrew({ id, workerIds }: { id: string; workerIds: string[] }): Promise<TPermit> {
  const response = await api.put(crewPath(id), { workerIds });
  return parseData(ZPermitSchema, response.data);
}

/** POST …/crew/:workerId/sign-on with the declaration ticked, in the language it was read in. */
export async function signOnWorker(input: { id: string; workerId: string; language: TLanguage }): Promise<TPermit> {
  const response = await api.post(`${crewPath(input.id, input.workerId)}/sign-on`, {
    declaration: true,
    language: input.language,
  });
  return parseData(ZPermitSchema, response.data);
}

/** POST …/crew/:workerId/sign-off. */
export async function signOffWorker({ id, workerId }: { id: string; workerId: string }): Promise<TPermit> {
  const response = await api.post(`${crewPath(id, workerId)}/sign-off`);
  return parseData(ZPermitSchema, response.data);
}

export const useChangeCrew = () => usePermitWrite(changeCrew);
export const useSignOnWorker = () => usePermitWrite(signOnWorker);
export const useSignOffWorker = () => usePermitWrite(signOffWorker);
