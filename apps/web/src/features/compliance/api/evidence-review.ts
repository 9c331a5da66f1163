import {
  type TEvidence,
  type TEvidenceReviewInput,
  type TEvidenceStatus,
  ZEvidenceSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { saveBlob } from "../../../lib/files/save-blob";

/** Every evidence list (the review queue and the supplier's own): a review refreshes them all, and the views. */
const evidenceKey = ["compliance", "evidence"] as const;
const ZEvidencePageSchema = ZPageSchema(ZEvidenceSchema);

/** The filters of the principal's review queue. */
export interface TEvidenceReviewFilters {
  /** null: every status. */
  status: TEvidenceStatus | null;
  supplierId: string | null;
}

/** GET /api/compliance/evidence: one page, pending first, then the newest. */
export function useEvidenceToReview(filters: TEvidenceReviewFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...evidenceKey, "review", filters, page, pageSize],
    queryFn: async () =>
      parseBody(
        ZEvidencePageSchema,
        (
          await api.get("/compliance/evidence", {
            params: {
              status: filters.status ?? undefined,
              supplierId: filters.supplierId ?? undefined,
              page,
              pageSize,
            },
          })
        ).data,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/compliance/evidence/:id/review. Settled, not only on success: a 409 means someone else reviewed it
 * meanwhile (or its cover is too low), and what is on screen is out of date.
 */
export function useReviewEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: TEvidenceReviewInput }) =>
      parseData(ZEvidenceSchema, (await api.post(`/compliance/evidence/${encodeURIComponent(id)}/review`, input)).data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: evidenceKey }),
        queryClient.invalidateQueries({ queryKey: ["compliance", "overview"] }),
      ]),
  });
}

/** GET /api/compliance/evidence/:id/file, with the token (an <a href> would not send it), saved under its name. */
export async function downloadEvidenceFile(evidence: Pick<TEvidence, "id" | "file">): Promise<void> {
  const response = await api.get<Blob>(`/compliance/evidence/${encodeURIComponent(evidence.id)}/file`, {
    responseType: "blob",
  });
  saveBlob(response.data, evidence.file?.name ?? "evidence");
}
