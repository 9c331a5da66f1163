import { z } from "zod";
import type { TLanguage } from "../languages";
import { V } from "../validation";
import { ZIdSchema, ZLanguageSchema } from "./common";

/**
 * A permit's crew (docs/safety.md, "Crew"): the workers who do the job. A contractor's permit names its supplier's people,
 * an internal permit the principal's managers (docs/decisions.md, Crew). Each worker is signed on (briefed on the
 * permit's hazards and precautions) before the work starts, and signed off when they leave.
 */

/** How many workers a permit may name. */
export const CREW_MAX = 50;

/** The crew as a draft or a change names it: user ids, in the form's order (unknown or another company's: 404). */
export const ZCrewIdsSchema = z.array(ZIdSchema).max(CREW_MAX, V.tooManyItems).default([]);

/** What a worker declares when signed on (by themselves, or read to them by the holder), word for word. */
export const CREW_SIGN_ON_DECLARATION: Record<TLanguage, string> = {
  en: "I have been briefed on this permit's hazards and precautions, I understand them and I will work within its conditions.",
  fr: "J'ai été informé des dangers et des précautions de ce permis, je les comprends et je travaillerai dans ses conditions.",
};

/** The enterprise's limit of live permits a worker may be signed on to at once (1: one at a time). */
export const PERMITS_PER_WORKER = { default: 1, min: 1, max: 10 } as const;

/** One worker of a permit's crew as the detail shows it. */
export const ZPermitCrewMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Signed on now: when and by whom (the worker, or the holder on their behalf); null when not signed on. */
  signedOnAt: z.iso.datetime().nullable(),
  signedOnBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When the worker was last signed off (null: never, or signed on now). */
  signedOffAt: z.iso.datetime().nullable(),
});
export type TPermitCrewMember = z.infer<typeof ZPermitCrewMemberSchema>;

/** What the caller may do with the crew now: change it, and whom it may sign on or off. */
export const ZCrewActionsSchema = z.object({
  change: z.boolean(),
  signOn: z.array(z.string()),
  signOff: z.array(z.string()),
});
export type TCrewActions = z.infer<typeof ZCrewActionsSchema>;

/**
 * PUT /api/permits/:id/crew (the permit holder: its creator, or the creator's supplier; until the permit ends or
 * its work is closed out) → `{ data: TPermit }`. Workers not of the permit's company are 404 naming `workerIds`;
 * removing a worker still signed on is 409 naming `workerIds` (sign them off first). Workers added are told.
 */
export const ZCrewChangeSchema = z.object({ workerIds: ZCrewIdsSchema });
export type TCrewChange = z.input<typeof ZCrewChangeSchema>;

/**
 * POST /api/permits/:id/crew/:workerId/sign-on (the holder on the worker's behalf, or the worker; the permit
 * `accepted` or in progress, not closed out) with the ticked declaration (400 `declaration` otherwise) and the
 * language it was read in (the signer's account's when absent) → `{ data: TPermit }`. 409 naming `crew` when the
 * worker is already signed on to as many other live permits as the enterprise allows (default one).
 * POST /api/permits/:id/crew/:workerId/sign-off (the holder or the worker, while signed on) → `{ data: TPermit }`.
 */
export const ZCrewSignOnSchema = z.object({
  declaration: z.boolean({ error: V.declarationRequired }).optional(),
  language: ZLanguageSchema.optional(),
});
export type TCrewSignOn = z.infer<typeof ZCrewSignOnSchema>;
export const ZCrewWorkerParamsSchema = z.object({ id: ZIdSchema, workerId: ZIdSchema });

/**
 * GET /api/crew-candidates (anyone who may create permits) → `{ data: TCrewCandidate[] }`: the people the caller's
 * company may name on a crew, by name — a contractor's active Supplier and Employee accounts, or the enterprise's
 * active Responsibles and SuperResponsibles.
 */
export const ZCrewCandidateSchema = z.object({ id: z.string(), name: z.string() });
export type TCrewCandidate = z.infer<typeof ZCrewCandidateSchema>;
