import { z } from "zod";
import { isEvidenceDate } from "../compliance/evidence-dates";
import { COMPLIANCE_KINDS, EVIDENCE_STATUSES } from "../compliance/standing";
import { V } from "../validation";
import { requiredText, ZPageQuerySchema } from "./common";

/**
 * Compliance evidence (docs/safety.md, "Contractor compliance"): a supplier gives a company document or a worker's
 * certificate with its file; the enterprise (or its SuperResponsibles) accepts or refuses it with a reason. Evidence
 * is never edited after review: a renewal is new evidence.
 */

/** A calendar day the evidence rules take: real, in 2000–2100 (compliance/evidence-dates.ts). */
const ZEvidenceDay = z.string({ error: V.invalidValue }).trim().refine(isEvidenceDate, { error: V.dateOutOfRange });

/** Multipart fields send empty inputs as "": absent, not zero or a blank text. */
const emptyAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * POST /api/compliance/evidence (a Supplier; multipart: these fields and the file). `workerId` for a competence
 * only (one of the supplier's own active workers); `coverAmount` required when the requirement has a minimum cover
 * (checked by the server, which knows the requirement); the last day, when absent or beyond the requirement's
 * validity, is derived or capped (evidenceDates).
 */
export const ZEvidenceFieldsSchema = z
  .object({
    requirementId: z.uuid({ error: V.invalidValue }),
    workerId: z.preprocess(emptyAsAbsent, z.uuid({ error: V.invalidValue }).optional()),
    issuer: requiredText(V.nameRequired, 150),
    reference: z.string({ error: V.invalidValue }).trim().max(50, V.max50).default(""),
    coverAmount: z.preprocess(
      emptyAsAbsent,
      z.coerce
        .number({ error: V.invalidNumberFormat })
        .int(V.invalidNumberFormat)
        .min(0, V.outOfRange)
        .max(2_000_000_000, V.outOfRange)
        .optional(),
    ),
    validFrom: ZEvidenceDay,
    validUntil: z.preprocess(emptyAsAbsent, ZEvidenceDay.optional()),
  })
  .refine((e) => e.validUntil === undefined || e.validUntil >= e.validFrom, {
    error: V.dateRangeOrder,
    path: ["validUntil"],
  });
export type TEvidenceFields = z.input<typeof ZEvidenceFieldsSchema>;

/** POST /api/compliance/evidence/:id/review: accept, or refuse with the reason the supplier will read. */
export const ZEvidenceReviewInputSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("accept") }),
    z.object({ decision: z.literal("refuse"), reason: requiredText(V.descriptionRequired, 250) }),
  ],
  { error: V.invalidValue },
);
export type TEvidenceReviewInput = z.infer<typeof ZEvidenceReviewInputSchema>;

/** GET /api/compliance/evidence: pending first, then the newest; each filter narrows. */
export const ZEvidenceListQuerySchema = ZPageQuerySchema.extend({
  status: z.enum(EVIDENCE_STATUSES, { error: V.invalidValue }).optional(),
  supplierId: z.uuid({ error: V.invalidValue }).optional(),
  workerId: z.uuid({ error: V.invalidValue }).optional(),
  requirementId: z.uuid({ error: V.invalidValue }).optional(),
});
export type TEvidenceListQuery = z.infer<typeof ZEvidenceListQuerySchema>;

const ZNamed = z.object({ id: z.string(), name: z.string() });

/** One piece of evidence as its supplier and its reviewers see it. */
export const ZEvidenceSchema = z.object({
  id: z.string(),
  requirement: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(COMPLIANCE_KINDS),
    minimumCover: z.number().nullable(),
  }),
  enterprise: ZNamed,
  supplier: ZNamed.nullable(),
  worker: ZNamed.nullable(),
  issuer: z.string(),
  reference: z.string(),
  coverAmount: z.number().nullable(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  status: z.enum(EVIDENCE_STATUSES),
  refusalReason: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  file: z.object({ id: z.string(), name: z.string(), size: z.number(), type: z.string() }).nullable(),
});
export type TEvidence = z.infer<typeof ZEvidenceSchema>;

/** The evidence's file: a scan or a PDF, as a permit's documents, at most 10 MB. */
export const EVIDENCE_FILE_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const EVIDENCE_FILE_MAX_BYTES = 10 * 1024 * 1024;
