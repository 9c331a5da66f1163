/**
 * The permit life cycle (docs/domain.md, Permit life cycle) as one pure table: the server enforces it, the web app shows only the
 * actions it allows. Nothing here reads a database: the caller describes how the person stands to the permit
 * (`TPermitRelation`) and gets back what that person may do.
 */

/** Wire statuses, exactly as the specification spells them. */
export const PERMIT_STATUSES = [
  "pending",
  "sended",
  "Recheck",
  "Confirmed",
  "Approved",
  "accepted",
  "In_progress",
  "Ended",
  "Canceled",
  "Failed",
] as const;
export type TPermitStatus = (typeof PERMIT_STATUSES)[number];

/** No action leads out of these. */
export const TERMINAL_PERMIT_STATUSES: readonly TPermitStatus[] = ["Ended", "Canceled", "Failed"];

/** The actions that move a permit from one status to another (save and duplicate make new permits). */
export const PERMIT_ACTIONS = [
  "send",
  "verify",
  "recheck",
  "reject",
  "approve",
  "accept",
  "start",
  "end",
  "handBack",
  "suspend",
  "resume",
  "cancel",
] as const;
export type TPermitAction = (typeof PERMIT_ACTIONS)[number];

/** Actions that need a remark (the reason is the point of them). */
export const REMARK_REQUIRED_ACTIONS: readonly TPermitAction[] = ["recheck", "reject", "suspend"];

/** Actions that cannot be undone and are confirmed first in the web app. */
export const CONFIRMED_ACTIONS: readonly TPermitAction[] = ["cancel", "reject", "suspend"];

/**
 * Signatures (docs/safety.md, Authorisation): the signer's current password and a declaration come with these
 * actions, and each one stores who signed what content (apps/server/src/modules/permits/signatures).
 */
export const SIGNED_ACTIONS = ["verify", "approve", "handBack", "resume"] as const satisfies readonly TPermitAction[];
export type TSignedAction = (typeof SIGNED_ACTIONS)[number];
export const isSignedAction = (action: TPermitAction): action is TSignedAction =>
  (SIGNED_ACTIONS as readonly TPermitAction[]).includes(action);

/**
 * What of the permit beyond its status decides an action: the permit holder's close-out and a suspension. An
 * in-progress permit with a close-out recorded is "awaiting hand-back"; a suspended one has its work stopped until
 * a manager signs its resumption (flags, not statuses: the wire keeps the specification's names).
 */
export interface TPermitState {
  closedOut: boolean;
  suspended: boolean;
}
export const OPEN_PERMIT: TPermitState = { closedOut: false, suspended: false };

/**
 * The permits an emergency stop suspends ("live"): authorised ones not yet ended. Approved and accepted ones are
 * held (they cannot start until resumed); in-progress ones stop.
 */
export const LIVE_PERMIT_STATUSES = ["Approved", "accepted", "In_progress"] as const satisfies readonly TPermitStatus[];

/** The flow a criticality level requires: verification alone, or verification then approval. */
export type TPermitFlow = "verify" | "verify_and_approve";

/**
 * How one person stands to one permit. The server computes it from the permit, the person and the
 * permissions matrix of the permit's sector; every flag is false for someone outside the permit's enterprise.
 */
export interface TPermitRelation {
  /** The person who created the permit. */
  isCreator: boolean;
  /** A Supplier account of the contractor company whose employee (or itself) created the permit. */
  isCreatorsSupplier: boolean;
  /** A Verifier (or "both") of the permit's sector in the permissions matrix. */
  isVerifier: boolean;
  /** An Approver (or "both") of the permit's sector. */
  isApprover: boolean;
  /** The permit's enterprise account, or a SuperResponsible of the permit's division. */
  isPrincipalEditor: boolean;
  /** The person who verified this permit (they may not also approve it). */
  isItsVerifier: boolean;
  /**
   * The permit holder in person now: its creator until a shift handover passes it on, then the incoming holder
   * (docs/decisions.md, "Shift handover"). Absent: the creator is (a relation built before handovers existed).
   */
  isHolder?: boolean;
}

/** Who a role-less relation is: nobody may do anything. */
export const NO_RELATION: TPermitRelation = {
  isCreator: false,
  isCreatorsSupplier: false,
  isVerifier: false,
  isApprover: false,
  isPrincipalEditor: false,
  isItsVerifier: false,
};

interface TTransition {
  from: readonly TPermitStatus[];
  /** The status reached; `verify` depends on the flow (see `targetOf`); `null`: the status stays (a flag moves). */
  to: TPermitStatus | null;
  /** Whether the person may take it, given the status it is taken from. */
  allowed: (relation: TPermitRelation, from: TPermitStatus) => boolean;
  /** What the permit's state must be (beyond its status); any state when absent. */
  when?: (state: TPermitState) => boolean;
}

const contractorSide = (r: TPermitRelation) => r.isCreator || r.isCreatorsSupplier;
/** A manager of the sector acting on a permit: never on one they created (four eyes). */
const verifierOf = (r: TPermitRelation) => r.isVerifier && !r.isCreator;
const approverOf = (r: TPermitRelation) => r.isApprover && !r.isCreator && !r.isItsVerifier;
/** Ask for a recheck or reject: the Verifier while sent, the Approver once verified. */
/**
 * The permit holder: the holder in person (the creator until a handover) and, for a contractor's permit, the
 * Supplier account of its company.
 */
export const holderOf = (r: TPermitRelation) => (r.isHolder ?? r.isCreator) || r.isCreatorsSupplier;
const reviewerAt = (r: TPermitRelation, from: TPermitStatus) => (from === "sended" ? verifierOf(r) : approverOf(r));
/** A manager of the permit's sector (Verifier or Approver), its division's SuperResponsible or the Enterprise. */
const managerOf = (r: TPermitRelation) => r.isVerifier || r.isApprover || r.isPrincipalEditor;

export const PERMIT_TRANSITIONS: Record<TPermitAction, TTransition> = {
  send: { from: ["pending", "Recheck"], to: "sended", allowed: contractorSide },
  verify: { from: ["sended"], to: "Confirmed", allowed: verifierOf },
  recheck: { from: ["sended", "Confirmed"], to: "Recheck", allowed: reviewerAt },
  reject: { from: ["sended", "Confirmed"], to: "Failed", allowed: reviewerAt },
  approve: { from: ["Confirmed"], to: "Approved", allowed: approverOf },
  accept: { from: ["Approved"], to: "accepted", allowed: contractorSide },
  start: {
    from: ["accepted"],
    to: "In_progress",
    allowed: (r) => contractorSide(r) || r.isVerifier || r.isApprover,
    // A suspended permit is held: it starts only once a manager has signed its resumption.
    when: (s) => !s.suspended,
  },
  // The holder's close-out declaration: the work stays in progress, awaiting the area manager's hand-back. Also
  // while suspended: the work may be abandoned and the area handed back (docs/decisions.md).
  end: { from: ["In_progress"], to: "In_progress", allowed: holderOf, when: (s) => !s.closedOut },
  // The area manager accepts the area back (a signature): never on a permit they created (four eyes).
  handBack: {
    from: ["In_progress"],
    to: "Ended",
    allowed: (r) => (r.isVerifier || r.isApprover) && !r.isCreator,
    when: (s) => s.closedOut,
  },
  // Stop the work (with a reason): a manager of the area or the holder. The status stays; the permit is flagged.
  // (An emergency stop suspends every live permit of a sector or division at once, outside this table.)
  suspend: {
    from: ["In_progress"],
    to: null,
    allowed: (r) => managerOf(r) || holderOf(r),
    when: (s) => !s.suspended && !s.closedOut,
  },
  // Lift a suspension (a signature): a manager, never the holder on their own nor on a permit they created.
  resume: {
    from: LIVE_PERMIT_STATUSES,
    to: null,
    allowed: (r) => managerOf(r) && !r.isCreator && !r.isCreatorsSupplier && !holderOf(r),
    when: (s) => s.suspended,
  },
  cancel: {
    from: PERMIT_STATUSES.filter((s) => !TERMINAL_PERMIT_STATUSES.includes(s)),
    to: "Canceled",
    // The principal's editors cancel requests, not a contractor's unfinished form: a never-sent draft is not
    // theirs to see (apps/server/src/access/permits.ts).
    allowed: (r, from) => contractorSide(r) || holderOf(r) || (r.isPrincipalEditor && from !== "pending"),
  },
};

/**
 * The status an action leads to from `from`: verifying a permit whose level needs no approval approves it; the
 * actions that move a flag (suspend, resume) leave it where it is.
 */
export function targetOf(action: TPermitAction, flow: TPermitFlow, from: TPermitStatus): TPermitStatus {
  if (action === "verify" && flow === "verify") return "Approved";
  return PERMIT_TRANSITIONS[action].to ?? from;
}

/**
 * Whether `action` may be taken on a permit in `status` (and `state`) by a person standing to it as `relation`.
 * Signed actions also need the signature itself (password and declaration): the server checks it with the move.
 */
export function mayTake(
  action: TPermitAction,
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
): boolean {
  const transition = PERMIT_TRANSITIONS[action];
  return transition.from.includes(status) && transition.allowed(relation, status) && (transition.when?.(state) ?? true);
}

/** Every action the person may take now, in the table's order. */
export function permitActions(status: TPermitStatus, relation: TPermitRelation, state: TPermitState): TPermitAction[] {
  return PERMIT_ACTIONS.filter((action) => mayTake(action, status, relation, state));
}

/** The state after an action: the close-out is recorded by `end`; `suspend` and `resume` set and lift the flag. */
export function stateAfter(action: TPermitAction, state: TPermitState): TPermitState {
  if (action === "end") return { ...state, closedOut: true };
  if (action === "suspend") return { ...state, suspended: true };
  if (action === "resume") return { ...state, suspended: false };
  return state;
}

/**
 * Re-rating (not a move: the status stays): while a permit waits for its verification, the people who may verify
 * it may change its probability × severity (with a reason), so a contractor's under-rating does not stand.
 */
export function mayRerate(status: TPermitStatus, relation: TPermitRelation): boolean {
  return status === "sended" && verifierOf(relation);
}
