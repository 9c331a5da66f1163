import { z } from "zod";
import { PERMIT_STATUSES, type TPermitAction, type TPermitStatus } from "../permits/workflow";
import { V } from "../validation";
import { ZIdSchema } from "./common";

/**
 * Clash detection (SIMOPS, docs/safety.md "Clashes are acknowledged before signing"): the other live or approved
 * permits of the enterprise whose windows overlap a permit's, at the same place, with an incompatible work type in
 * the same sector, or sharing an isolation point. The signer of a send, verify or approve acknowledges each.
 */

/** The statuses of a permit that can clash: sent and not yet closed (drafts, Ended, Canceled, Failed never do). */
export const CLASHING_STATUSES = [
  "sended",
  "Recheck",
  "Confirmed",
  "Approved",
  "accepted",
  "In_progress",
] as const satisfies readonly TPermitStatus[];

/** The actions whose signer must acknowledge each clash. */
export const CLASH_ACKNOWLEDGED_ACTIONS = ["send", "verify", "approve"] as const satisfies readonly TPermitAction[];
export type TClashStep = (typeof CLASH_ACKNOWLEDGED_ACTIONS)[number];
export const isClashAcknowledgedAction = (action: TPermitAction): action is TClashStep =>
  (CLASH_ACKNOWLEDGED_ACTIONS as readonly TPermitAction[]).includes(action);

/**
 * Why two permits clash: `samePlace` (same sub-sector, or the same sector where either names no sub-sector),
 * `incompatibleWork` (anywhere in the same sector, with a pair of work types the enterprise declared
 * incompatible), `sharedIsolation` (they need the same isolation point).
 */
export const CLASH_RULES = ["samePlace", "incompatibleWork", "sharedIsolation"] as const;
export type TClashRule = (typeof CLASH_RULES)[number];

/**
 * The other permit of a clash. Every clashing permit was sent, so has its number: a clash is named (and
 * acknowledged) by it. `id` is null when the reader may not open that permit (another contractor's): its number,
 * task, place and window are what a signer must know, its link is not theirs.
 */
export const ZClashPermitSchema = z.object({
  id: z.string().nullable(),
  documentNumber: z.string(),
  taskTitle: z.string(),
  status: z.enum(PERMIT_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
  sectorName: z.string().nullable(),
  subSectorName: z.string().nullable(),
  workTypeName: z.string().nullable(),
});
export type TClashPermit = z.infer<typeof ZClashPermitSchema>;

export const ZPermitClashSchema = z.object({
  permit: ZClashPermitSchema,
  rules: z.array(z.enum(CLASH_RULES)).min(1),
});
export type TPermitClash = z.infer<typeof ZPermitClashSchema>;

/** One acknowledgement as recorded: which other permit, at which step, by whom, when, with what remark. */
export const ZClashAcknowledgementSchema = z.object({
  id: z.string(),
  step: z.enum(CLASH_ACKNOWLEDGED_ACTIONS),
  otherPermit: ZClashPermitSchema.pick({ id: true, documentNumber: true, taskTitle: true }),
  rules: z.array(z.enum(CLASH_RULES)),
  remark: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
  at: z.iso.datetime(),
});
export type TClashAcknowledgement = z.infer<typeof ZClashAcknowledgementSchema>;

/**
 * GET /api/permits/:id/clashes (anyone who sees the permit; 404 for everyone else) → `{ data: TPermitClashes }`:
 * its clashes now (none for a draft's window that is not set) and every acknowledgement recorded on it.
 */
export const ZPermitClashesSchema = z.object({
  clashes: z.array(ZPermitClashSchema),
  acknowledgements: z.array(ZClashAcknowledgementSchema),
});
export type TPermitClashes = z.infer<typeof ZPermitClashesSchema>;

/** In a send, verify or approve: the signer's remark on one clash (named by the other permit's number). */
export const ZClashAcknowledgementInputSchema = z.object({
  documentNumber: z.string({ error: V.invalidValue }).trim().min(1, V.invalidValue).max(30, V.invalidValue),
  remark: z.string({ error: V.clashRemarkRequired }).trim().min(1, V.clashRemarkRequired).max(500, V.max500),
});
export type TClashAcknowledgementInput = z.infer<typeof ZClashAcknowledgementInputSchema>;

// ── Incompatible work types ─────────────────────────────────────────────────────────────────────────

/**
 * A pair of the enterprise's work types that must not run at once in one sector (e.g. hot work with
 * confined-space entry). Unordered and unique: the pair (A, B) is the pair (B, A).
 */
export const ZIncompatiblePairSchema = z.object({
  id: z.string(),
  workTypes: z.tuple([z.object({ id: z.string(), name: z.string() }), z.object({ id: z.string(), name: z.string() })]),
  createdAt: z.iso.datetime(),
});
export type TIncompatiblePair = z.infer<typeof ZIncompatiblePairSchema>;

/**
 * POST /api/incompatible-work-types (the Enterprise) → 201 `{ data: TIncompatiblePair }`: 400 `workTypeBId:
 * sameWorkType` for a type with itself, 409 `workTypeBId: pairExists` for a pair already declared (either order),
 * 404 for a work type not the enterprise's. GET the same (the enterprise's managers read; `enterpriseId` for the
 * SuperResponsible / Responsible as for work types) → `{ data: TIncompatiblePair[] }`; DELETE /…/:id → 204.
 */
export const ZIncompatiblePairInputSchema = z.object({ workTypeAId: ZIdSchema, workTypeBId: ZIdSchema });
export type TIncompatiblePairInput = z.infer<typeof ZIncompatiblePairInputSchema>;
