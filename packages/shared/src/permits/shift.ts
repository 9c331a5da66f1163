import { V } from "../validation";
import { holderOf, type TPermitFlow, type TPermitRelation, type TPermitState, type TPermitStatus } from "./workflow";

/**
 * Extension and shift handover (docs/safety.md, "Extension and shift handover"): actions on a live permit that do
 * not move its status, so they sit beside the workflow table rather than in it (docs/decisions.md). Pure: the
 * server enforces them and the web app shows only what they allow.
 */

/**
 * The history events of an extension (asked, then signed or refused) and of a handover (started, accepted, or
 * cancelled): the permit's status stays as it is.
 */
export const SHIFT_EVENTS = [
  "extensionAsked",
  "extensionSigned",
  "extensionRefused",
  "handoverStarted",
  "handover",
  "handoverCancelled",
] as const;

/** An extension is asked while the permit is accepted or in progress (its window still governs the work). */
export const EXTENSION_STATUSES: readonly TPermitStatus[] = ["accepted", "In_progress"];

/** The holder asks to extend the end: accepted or in progress, not closed out. */
export function mayAskExtension(status: TPermitStatus, relation: TPermitRelation, state: TPermitState): boolean {
  return holderOf(relation) && EXTENSION_STATUSES.includes(status) && !state.closedOut;
}

/**
 * Who signs (or refuses) an extension: the approver of the permit's sector, or its verifier where the level's flow
 * has no approval; never the permit's creator, its supplier or its holder (nobody authorises their own extension).
 */
export function maySignExtension(relation: TPermitRelation, flow: TPermitFlow): boolean {
  const signer = flow === "verify" ? relation.isVerifier : relation.isApprover;
  return signer && !relation.isCreator && !relation.isCreatorsSupplier && !holderOf(relation);
}

/**
 * What is wrong with an extension's new end (field → V key), empty when it may be asked: later than the current
 * end and than now, and the whole window from its start to the new end within the work type's maximum validity
 * (the send gate's rule, docs/decisions.md, "An extension stays within the maximum validity").
 */
export function extensionEndMissing(
  window: { startAt: Date; endAt: Date },
  newEndAt: Date,
  maxValidityHours: number,
  now: Date,
): Record<string, string> {
  if (newEndAt.getTime() <= window.endAt.getTime() || newEndAt.getTime() <= now.getTime()) {
    return { newEndAt: V.extensionNotLater };
  }
  if (newEndAt.getTime() - window.startAt.getTime() > maxValidityHours * 3_600_000) {
    return { newEndAt: V.windowTooLong };
  }
  return {};
}

/** The outgoing holder (the holder in person or the contractor's Supplier) hands over work in progress. */
export function mayStartHandover(status: TPermitStatus, relation: TPermitRelation, state: TPermitState): boolean {
  return holderOf(relation) && status === "In_progress" && !state.closedOut;
}

/** The enterprise's shift length, in hours (off when not set). */
export const SHIFT_LENGTH_HOURS = { min: 1, max: 24 } as const;

/**
 * "A permit spanning shifts is only valid with each handover recorded": work in progress (not closed out) whose
 * current holder's shift — since the start or the last recorded handover — is longer than the enterprise's shift
 * length. Never due when the enterprise sets no shift length.
 */
export function isHandoverDue(
  facts: { status: TPermitStatus; closedOut: boolean; shiftStartedAt: Date | string | null },
  shiftLengthHours: number | null,
  now: Date,
): boolean {
  if (shiftLengthHours === null || facts.status !== "In_progress" || facts.closedOut || !facts.shiftStartedAt) {
    return false;
  }
  return now.getTime() - new Date(facts.shiftStartedAt).getTime() > shiftLengthHours * 3_600_000;
}
