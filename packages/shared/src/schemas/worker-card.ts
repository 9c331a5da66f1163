import { z } from "zod";
import { COMPLIANCE_KINDS, STANDINGS } from "../compliance/standing";

/**
 * The worker's card (docs/decisions.md, "The worker's card"): a supplier's person (Employee or the Supplier
 * account) with their competences and inductions for each enterprise their company is affiliated with, and
 * whether they are cleared for site today: every requirement the enterprise asks of every crew member is met.
 * The requirements a work type adds are checked when a permit starts, not here.
 */

const ZCardLineSchema = z.object({
  requirementName: z.string(),
  kind: z.enum(COMPLIANCE_KINDS),
  standing: z.enum(STANDINGS),
  /** The last valid day of what meets it (`YYYY-MM-DD`); null: does not expire, or nothing meets it. */
  validUntil: z.string().nullable(),
  /** Required of every crew member (counts for `cleared`); otherwise only where a work type names it. */
  requiredOfAll: z.boolean(),
});

const ZCardEnterpriseSchema = z.object({
  enterpriseId: z.uuid(),
  enterpriseName: z.string(),
  cleared: z.boolean(),
  lines: z.array(ZCardLineSchema),
});

/** GET /api/workers/:id/card: the card as the supplier, the worker or an enterprise sees it. */
export const ZWorkerCardSchema = z.object({
  worker: z.object({ id: z.uuid(), name: z.string(), company: z.string() }),
  /** The public page its QR code opens (the supplier and the worker only; null for anyone else). */
  checkPath: z.string().nullable(),
  /** Its QR code (an SVG of the full address), to show and print; null with `checkPath`. */
  qrSvg: z.string().nullable(),
  /** The supplier may re-issue the code (the old one then stops working), and give or remove the photo. */
  canReissue: z.boolean(),
  /** Where the worker's photo is read (GET, the card's readers), with a version for caches; null without one. */
  photoUrl: z.string().nullable(),
  enterprises: z.array(ZCardEnterpriseSchema),
});
export type TWorkerCard = z.infer<typeof ZWorkerCardSchema>;

/**
 * GET /api/public/worker-cards/:token, signed out: only what a gatekeeper needs — the name, the company and, for
 * each enterprise, cleared or not and which required items are not met (by name, with their standing). Nothing
 * else about the person (no e-mail, phone, ids or files). Strict: a key added by mistake fails the answer.
 */
export const ZPublicWorkerCardSchema = z.strictObject({
  name: z.string(),
  company: z.string(),
  /** A photo is shown (GET …/:token/photo): the gatekeeper compares it with the face at the gate. */
  hasPhoto: z.boolean(),
  checkedAt: z.iso.datetime(),
  enterprises: z.array(
    z.strictObject({
      enterprise: z.string(),
      cleared: z.boolean(),
      unmet: z.array(z.strictObject({ requirement: z.string(), standing: z.enum(STANDINGS) })),
    }),
  ),
});
export type TPublicWorkerCard = z.infer<typeof ZPublicWorkerCardSchema>;

/** PUT /api/workers/:id/card/photo (the supplier; multipart, field `photo`): PNG, JPEG or WebP, at most 2 MB, as a logo. */
export const WORKER_PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const WORKER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
