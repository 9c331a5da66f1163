import {
  type TEvidence,
  type TEvidenceStatus,
  ZAskedRequirementSchema,
  ZEvidenceSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { fetchAllPages } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { saveBlob } from "../../../lib/files/save-blob";
import { listEmployees } from "../../employees/api/list-employees";

const evidenceKey = ["compliance", "evidence"] as const;
const askedKey = ["compliance", "requirements", "asked"] as const;
const ZEvidencePageSchema = ZPageSchema(ZEvidenceSchema);

/** GET /api/compliance/evidence: one page of the supplier's own evidence, pending first, then the newest. */
export function useSupplierEvidence(status: TEvidenceStatus | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...evidenceKey, status, page, pageSize],
    queryFn: async () =>
      parseBody(
        ZEvidencePageSchema,
        (await api.get("/compliance/evidence", { params: { status: status ?? undefined, page, pageSize } })).data,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/compliance/requirements/asked: what the supplier's enterprises ask it to give evidence of. */
export function useAskedRequirements() {
  return useQuery({
    queryKey: askedKey,
    queryFn: async () =>
      parseData(z.array(ZAskedRequirementSchema), (await api.get("/compliance/requirements/asked")).data),
  });
}

/** The supplier's active employees (GET /api/employees, every page): who may hold a competence. */
export function useActiveWorkers(enabled: boolean) {
  return useQuery({
    queryKey: ["compliance", "active-workers"],
    queryFn: () => fetchAllPages((page, pageSize) => listEmployees({ status: "active", page, pageSize })),
    enabled,
  });
}

/** What the form sends: the text fields, then the file (the server reads the fields before the file part). */
export interface TGiveEvidence {
  requirementId: string;
  workerId: string | null;
  issuer: string;
  reference: string;
  coverAmount: number | null;
  validFrom: string;
  validUntil: string | null;
  file: File;
}

/** POST /api/compliance/evidence (multipart), then the list refreshes. */
export function useGiveEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, ...fields }: TGiveEvidence) => {
      const body = new FormData();
      body.append("requirementId", fields.requirementId);
      if (fields.workerId) body.append("workerId", fields.workerId);
      body.append("issuer", fields.issuer);
      body.append("reference", fields.reference);
      if (fields.coverAmount !== null) body.append("coverAmount", String(fields.coverAmount));
      body.append("validFrom", fields.validFrom);
      if (fields.validUntil) body.append("validUntil", fields.validUntil);
      body.append("file", file, file.name);
      return parseData(ZEvidenceSchema, (await api.post("/compliance/evidence", body)).data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evidenceKey }),
  });
}

/** DELETE /api/compliance/evidence/:id: withdraws evidence still waiting for review. */
export function useWithdrawEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete(`/compliance/evidence/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: evidenceKey }),
  });
}

/** GET /api/compliance/evidence/:id/file with the token, handed to the browser under the evidence's name. */
export async function openEvidenceFile(evidence: TEvidence): Promise<void> {
  const response = await api.get<Blob>(`/compliance/evidence/${encodeURIComponent(evidence.id)}/file`, {
    responseType: "blob",
    headers: { Accept: "*/*" },
  });
  saveBlob(response.data, evidence.file?.name ?? `${evidence.requirement.name}.pdf`);
}
