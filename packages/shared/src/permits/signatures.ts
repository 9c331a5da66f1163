import { z } from "zod";
import type { TLanguage } from "../languages";
import { ZLanguageSchema } from "../schemas/common";
import { V } from "../validation";

/**
 * The declarations a signer makes (docs/safety.md, Authorisation), word for word in both languages: the web app
 * prints them in the sign dialog and the server stores the one the signer read with the signature.
 */
export const SIGNATURE_DECLARATIONS: Record<TSignatureKind, Record<TLanguage, string>> = {
  verify: {
    en: "I have examined this permit and the place of work: the hazards are identified, the precautions stated are adequate and in place, and the work may proceed under these conditions.",
    fr: "J'ai examiné ce permis et le lieu de travail : les dangers sont identifiés, les précautions indiquées sont suffisantes et en place, et le travail peut être réalisé dans ces conditions.",
  },
  approve: {
    en: "I authorise this work as described in this permit, within its window and with the precautions it states.",
    fr: "J'autorise ce travail tel que décrit dans ce permis, dans sa période de validité et avec les précautions qu'il indique.",
  },
  handBack: {
    en: "I have inspected the area after the work: it is returned in a safe condition and this permit is closed.",
    fr: "J'ai inspecté la zone après le travail : elle est rendue en condition sûre et ce permis est clôturé.",
  },
  resume: {
    en: "I have examined the reason for the suspension and the place of work: the cause is removed, the precautions of this permit are in place again, and the work may resume under its conditions.",
    fr: "J'ai examiné la cause de la suspension et le lieu de travail : la cause est levée, les précautions de ce permis sont de nouveau en place, et le travail peut reprendre dans ses conditions.",
  },
  // The approver (or the verifier where the flow has no approval) signs an extension of the end.
  extend: {
    en: "I have examined the request to extend this permit: the work may go on under its conditions until the new end, and the precautions it states stay in place until then.",
    fr: "J'ai examiné la demande de prolongation de ce permis : le travail peut continuer dans ses conditions jusqu'à la nouvelle fin, et les précautions qu'il indique restent en place jusque-là.",
  },
  // The outgoing holder, starting a shift handover.
  handoverOut: {
    en: "I hand over this permit: I have told the incoming holder the state of the work, its hazards, the precautions in place and anything left to do, as my handover note says.",
    fr: "Je transmets ce permis : j'ai informé le titulaire entrant de l'état du travail, de ses dangers, des précautions en place et de ce qui reste à faire, comme le dit ma note de relève.",
  },
  // The incoming holder, accepting it.
  handover: {
    en: "I take over this permit: I have read the handover note, seen the place of work and the precautions in place, and I accept the responsibilities of the permit holder from now on.",
    fr: "Je reprends ce permis : j'ai lu la note de relève, vu le lieu de travail et les précautions en place, et j'accepte dès maintenant les responsabilités du titulaire du permis.",
  },
};

/**
 * The signature kinds, as stored and shown: the signed workflow actions, an extension (`extend`) and the two sides
 * of a shift handover (`handoverOut`: the outgoing holder; `handover`: the incoming holder's acceptance).
 */
export const SIGNATURE_KINDS = [
  "verify",
  "approve",
  "handBack",
  "resume",
  "extend",
  "handoverOut",
  "handover",
] as const;
export type TSignatureKind = (typeof SIGNATURE_KINDS)[number];

/** What a signature outside the workflow's actions carries (extension, handover): 400 naming each field missing. */
export function signatureInputMissing(input: { password?: string; declaration?: boolean }): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!input.password) missing.password = V.passwordRequired;
  if (input.declaration !== true) missing.declaration = V.declarationRequired;
  return missing;
}

/** One signature of a permit, as the detail, the PDF and the public check page show it. */
export const ZPermitSignatureSchema = z.object({
  kind: z.enum(SIGNATURE_KINDS),
  signer: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  signedAt: z.iso.datetime(),
  language: ZLanguageSchema,
  declaration: z.string(),
  /** SHA-256 (hex) of the permit's content as it was signed (apps/server/src/modules/permits/signatures). */
  contentHash: z.string(),
  /** Set when a later send (after a recheck) replaced the signed content: kept, shown as voided. */
  voidedAt: z.iso.datetime().nullable(),
});
export type TPermitSignature = z.infer<typeof ZPermitSignatureSchema>;

/** The permit holder's close-out declaration ("End the work"), as recorded. */
export const ZPermitCloseOutSchema = z.object({
  workComplete: z.boolean(),
  /** What remains to be done, when the work is not complete. */
  remainingWork: z.string(),
  areaSafe: z.boolean(),
  toolsRemoved: z.boolean(),
  peopleOut: z.boolean(),
  by: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  at: z.iso.datetime(),
});
export type TPermitCloseOut = z.infer<typeof ZPermitCloseOutSchema>;
export type TCloseOutAnswers = Pick<
  TPermitCloseOut,
  "workComplete" | "remainingWork" | "areaSafe" | "toolsRemoved" | "peopleOut"
>;

/** How many characters the hash's prefix printed on the PDF and the check page has. */
export const SIGNATURE_HASH_PREFIX = 12;

/**
 * The fields an action's body lacks (field → V key), for the signed actions and the close-out; empty when it is
 * complete. One function for the server's refusal and the web's forms.
 */
export function actionInputMissing(
  action: string,
  input: {
    password?: string;
    declaration?: boolean;
    workComplete?: boolean;
    remainingWork?: string;
    areaSafe?: boolean;
    toolsRemoved?: boolean;
    peopleOut?: boolean;
  },
): Record<string, string> {
  const missing: Record<string, string> = {};
  if (action === "verify" || action === "approve" || action === "handBack" || action === "resume") {
    Object.assign(missing, signatureInputMissing(input));
  }
  if (action === "end") {
    if (input.workComplete === undefined) missing.workComplete = V.answerRequired;
    else if (!input.workComplete && !input.remainingWork?.trim()) missing.remainingWork = V.remainingWorkRequired;
    if (input.areaSafe !== true) missing.areaSafe = V.areaNotSafe;
    if (input.toolsRemoved !== true) missing.toolsRemoved = V.toolsNotRemoved;
    if (input.peopleOut !== true) missing.peopleOut = V.peopleNotOut;
  }
  return missing;
}
