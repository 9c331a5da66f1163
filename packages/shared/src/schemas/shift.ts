import { z } from "zod";
import { LIMITS, V } from "../validation";
import { ZIdSchema, ZLanguageSchema } from "./common";
import { ZInstantSchema } from "./dates";

/**
 * Extension and shift handover of a live permit (docs/safety.md, "Extension and shift handover"). Neither moves
 * the permit's status; each is signed as the workflow's signed actions are (the signer's current password, the
 * ticked declaration in the language it was read in).
 */

const person = z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable();
const remark = (missing: string) => z.string({ error: V.invalidValue }).trim().min(1, missing).max(500, V.max500);

/** The signature part of a body (400 naming `password` / `declaration` when missing). */
const ZSignatureFields = {
  password: z.string({ error: V.invalidValue }).max(LIMITS.passwordMax, V.passwordMax128).optional(),
  declaration: z.boolean({ error: V.declarationRequired }).optional(),
  language: ZLanguageSchema.optional(),
};

/**
 * POST /api/permits/:id/extensions (the holder; accepted or in progress, not closed out; one pending at a time:
 * 409 naming `newEndAt`) `{ newEndAt, reason }` → `{ data: TPermit }`. The new end must be later than the current
 * end and than now, and the window from its start to it no longer than the work type's maximum validity (400
 * naming `newEndAt`). The sector's signers are told; the permit carries on under its current end meanwhile.
 */
export const ZExtensionRequestSchema = z.object({
  newEndAt: ZInstantSchema(),
  reason: remark(V.descriptionRequired),
});
export type TExtensionRequest = z.infer<typeof ZExtensionRequestSchema>;

/**
 * POST /api/permits/:id/extensions/:extensionId/sign (the sector's Approver, or Verifier when the level needs no
 * approval; never the creator, its supplier or the holder: 403) with the signature → `{ data: TPermit }`: the end
 * moves to the new one. POST …/refuse `{ remark }` (required) → the same; the end stays. The holder is told.
 */
export const ZExtensionSignSchema = z.object(ZSignatureFields);
export type TExtensionSign = z.infer<typeof ZExtensionSignSchema>;
export const ZExtensionRefuseSchema = z.object({ remark: remark(V.descriptionRequired) });
export type TExtensionRefuse = z.infer<typeof ZExtensionRefuseSchema>;
export const ZExtensionParamsSchema = z.object({ id: ZIdSchema, extensionId: ZIdSchema });

/** One extension of a permit: asked (who, when, why, old end → new end), then signed or refused. */
export const ZPermitExtensionSchema = z.object({
  id: z.string(),
  askedBy: person,
  askedAt: z.iso.datetime(),
  reason: z.string(),
  oldEndAt: z.iso.datetime(),
  newEndAt: z.iso.datetime(),
  /** null while pending. */
  decision: z.enum(["signed", "refused"]).nullable(),
  decidedBy: person,
  decidedAt: z.iso.datetime().nullable(),
  /** The refusal's remark. */
  remark: z.string().nullable(),
});
export type TPermitExtension = z.infer<typeof ZPermitExtensionSchema>;

/**
 * POST /api/permits/:id/handovers (the holder, while in progress and not closed out; one open at a time: 409
 * naming `toId`) `{ toId, note, … signature }` → `{ data: TPermit }`: the incoming holder must be of the permit's
 * company (its supplier's people; the principal's staff for an internal permit: 404 naming `toId` otherwise) and
 * not the holder (400). The outgoing holder signs as it starts; the incoming holder is told.
 */
export const ZHandoverStartSchema = z.object({
  toId: ZIdSchema,
  note: z.string({ error: V.invalidValue }).trim().min(1, V.handoverNoteRequired).max(2000, V.max2000),
  ...ZSignatureFields,
});
export type THandoverStart = z.infer<typeof ZHandoverStartSchema>;

/**
 * POST /api/permits/:id/handovers/:handoverId/accept (the incoming holder alone: 403 otherwise) `{ keepCrew, …
 * signature }` → `{ data: TPermit }`: they become the holder and a new shift starts. `keepCrew`: the workers
 * signed on stay signed on under them; otherwise every one is signed off (the incoming holder signs their own crew
 * on). The outgoing holder is signed off either way. POST …/cancel (the outgoing or the incoming holder, while
 * open) → the same; nothing changes hands.
 */
export const ZHandoverAcceptSchema = z.object({
  keepCrew: z.boolean({ error: V.answerRequired }),
  ...ZSignatureFields,
});
export type THandoverAccept = z.infer<typeof ZHandoverAcceptSchema>;
export const ZHandoverParamsSchema = z.object({ id: ZIdSchema, handoverId: ZIdSchema });

/** One shift handover: outgoing → incoming holder, the note, both signatures' times, or its cancellation. */
export const ZPermitHandoverSchema = z.object({
  id: z.string(),
  from: person,
  to: person,
  note: z.string(),
  startedAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
  /** Whether the incoming holder kept the workers signed on (null until accepted). */
  crewKept: z.boolean().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  cancelledBy: person,
});
export type TPermitHandover = z.infer<typeof ZPermitHandoverSchema>;

/** What the caller may do now about the permit's end and its holder. */
export const ZShiftActionsSchema = z.object({
  askExtension: z.boolean(),
  /** The pending extension the caller may sign or refuse (null: none). */
  decideExtension: z.string().nullable(),
  startHandover: z.boolean(),
  /** The open handover the caller may accept (the incoming holder) or cancel (either side). */
  acceptHandover: z.string().nullable(),
  cancelHandover: z.string().nullable(),
});
export type TShiftActions = z.infer<typeof ZShiftActionsSchema>;
