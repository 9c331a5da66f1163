import type { TPermitAction, TPermitNotificationKind, TPermitStatus } from "@openpermit/shared";

/** The groups of people a permit's notification may go to (the contract's comments on each kind). */
export interface TAudience {
  /** The creator, the holder in person after a shift handover, and the Supplier accounts of its contractor company. */
  creatorSide: boolean;
  /** The Verifiers of the permit's sector (permissions matrix). */
  sectorVerifiers: boolean;
  /** The Approvers of the permit's sector. */
  sectorApprovers: boolean;
  /** The managers who verified or approved this permit. */
  handlers: boolean;
  /** The SuperResponsibles of the permit's division and its enterprise's Enterprise accounts (escalations). */
  oversight?: boolean;
  /** These people by id (e.g. the workers just named on a crew). */
  people?: string[];
  /** The workers named on the permit's crew. */
  crew?: boolean;
}

const NONE: TAudience = { creatorSide: false, sectorVerifiers: false, sectorApprovers: false, handlers: false };

export const KIND_OF_ACTION: Record<TPermitAction, TPermitNotificationKind> = {
  send: "permit.sent",
  verify: "permit.verified",
  recheck: "permit.recheck",
  reject: "permit.rejected",
  approve: "permit.approved",
  accept: "permit.accepted",
  start: "permit.started",
  end: "permit.ended",
  // The hand-back ends the permit; the close-out (end) before it tells the same people the work is over.
  handBack: "permit.ended",
  suspend: "permit.suspended",
  resume: "permit.resumed",
  cancel: "permit.cancelled",
};

/**
 * Everyone on a permit, told when its work stops (a suspension, an emergency stop) or may go on again: the
 * holder's side, the managers who handled it, the sector's Verifiers and Approvers, and every worker of its crew.
 */
export function suspensionAudience(): TAudience {
  return { creatorSide: true, handlers: true, sectorVerifiers: true, sectorApprovers: true, crew: true };
}

/** Who is told of a transition; `from`/`to` matter where the contract says "when the level needs approval" or "waits for it". */
export function audienceOf(action: TPermitAction, from: TPermitStatus, to: TPermitStatus): TAudience {
  switch (action) {
    case "send":
      return { ...NONE, sectorVerifiers: true };
    case "verify":
      // Verified to Confirmed: an Approver now has work. Verified straight to Approved (a verify-only level): not.
      return { ...NONE, creatorSide: true, sectorApprovers: to === "Confirmed" };
    case "recheck":
    case "reject":
    case "approve":
      return { ...NONE, creatorSide: true };
    case "accept":
      return { ...NONE, handlers: true };
    case "start":
    case "end":
    case "handBack":
      return { ...NONE, creatorSide: true, handlers: true };
    case "suspend":
    case "resume":
      return suspensionAudience();
    case "cancel":
      // Everyone who handled it, and whoever was waiting to act on it.
      return {
        creatorSide: true,
        handlers: true,
        sectorVerifiers: from === "sended",
        sectorApprovers: from === "Confirmed",
      };
  }
}
