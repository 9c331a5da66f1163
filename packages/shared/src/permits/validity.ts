import type { TPermitAction, TPermitStatus } from "./workflow";

/**
 * A permit's period of validity after its authorisation (docs/safety.md, "Validity is enforced"): the holder's
 * acceptance of the conditions, overdue work, expired permits, and why the public check page says VALID or not.
 * Pure: the server and the web app judge the same way.
 */

/**
 * The permit holder's declaration when accepting the conditions, in each language. The server records the words
 * in the holder's language with the acceptance, so the record says exactly what was declared.
 */
export const ACCEPTANCE_DECLARATION = {
  en: "I have read the conditions of this permit: its risks, the specific critical risks and their procedures, the protective equipment and the checklist as answered. I will brief every person working under it and will make sure the precautions are in place before the work starts and kept in place until it ends.",
  fr: "J'ai pris connaissance des conditions de ce permis : ses risques, les risques critiques spécifiques et leurs procédures, les équipements de protection et la liste de contrôle telle que remplie. J'informerai chaque personne travaillant sous ce permis et m'assurerai que les précautions sont en place avant le début des travaux et maintenues jusqu'à leur fin.",
} as const;
export type TDeclarationLanguage = keyof typeof ACCEPTANCE_DECLARATION;

/** The enterprise's defaults for the scheduler's escalations (enterprise settings, docs/decisions.md). */
export const ESCALATION_DEFAULTS = { overdueGraceMinutes: 30, waitingDelayMinutes: 240 } as const;
export const ESCALATION_LIMITS = {
  overdueGraceMinutesMax: 1440,
  waitingDelayMinutesMin: 15,
  waitingDelayMinutesMax: 10_080,
} as const;

/**
 * The scheduler's one move outside the workflow table (nobody takes it): an approved or accepted permit whose
 * window ended before it started is closed as expired, `Canceled` on the wire with the `expired` flag.
 */
export const PERMIT_EXPIRY = {
  from: ["Approved", "accepted"] as TPermitStatus[],
  to: "Canceled" as const satisfies TPermitStatus,
};

/**
 * The actions that put work under way, taken only inside the permit's window (`isInsideStartWindow`): the server
 * checks the window for exactly these (takeAction), and the workflow's property test proves that no other action
 * moves a permit into `In_progress`.
 */
export const WINDOW_GATED_ACTIONS: readonly TPermitAction[] = ["start"];

/** Work may start from the window's start less the enterprise's grace until its end, both included. */
export function isInsideStartWindow(
  window: { startAt: Date | null; endAt: Date | null },
  graceMinutes: number,
  now: Date,
): boolean {
  if (window.startAt === null || window.endAt === null) return false;
  const opens = window.startAt.getTime() - graceMinutes * 60_000;
  return now.getTime() >= opens && now.getTime() <= window.endAt.getTime();
}

/** In progress past its end: the work goes on without cover (computed, never stored: docs/decisions.md). */
export function isOverdue(status: TPermitStatus, endAt: Date | string | null, now: Date): boolean {
  return status === "In_progress" && endAt !== null && new Date(endAt).getTime() < now.getTime();
}

/**
 * Why a permit is or is not valid now, as the public check page says it. Ordered as the life cycle; a new reason
 * (e.g. awaiting hand-back) is one more entry here and one more rule in `PERMIT_CHECK_RULES`.
 */
export const PERMIT_CHECK_REASONS = [
  "notApproved",
  "notAccepted",
  "beforeWindow",
  "awaitingStart",
  "inProgress",
  "overdue",
  "gasRetestDue",
  "handoverDue",
  "suspended",
  "awaitingHandBack",
  "ended",
  "expired",
  "cancelled",
  "rejected",
] as const;
export type TPermitCheckReason = (typeof PERMIT_CHECK_REASONS)[number];

export interface TValidityFacts {
  status: TPermitStatus;
  startAt: Date | null;
  endAt: Date | null;
  /** Closed by the scheduler because its window passed unstarted. */
  expired: boolean;
  /** In progress with the holder's close-out recorded: nobody works under it; the hand-back is awaited. */
  closedOut?: boolean;
  /** Suspended (by a person or an emergency stop): no work under it until a manager signs its resumption. */
  suspended?: boolean;
  /** In progress while its latest gas test no longer holds (its work type requires one): a re-test is due. */
  gasRetestDue?: boolean;
  /** A shift passed since the start or the last handover without one recorded (shift.ts, isHandoverDue). */
  handoverDue?: boolean;
}

type TCheckRule = (facts: TValidityFacts, now: Date) => TPermitCheckReason | null;

const before = (at: Date | null, now: Date) => at !== null && now.getTime() < at.getTime();

/** The first rule that answers gives the reason. */
const PERMIT_CHECK_RULES: readonly TCheckRule[] = [
  (f) => (f.status === "Canceled" ? (f.expired ? "expired" : "cancelled") : null),
  (f) => (f.status === "Failed" ? "rejected" : null),
  (f) => (f.status === "Ended" ? "ended" : null),
  // Suspended is said before anything else of a live permit: it is what someone at the place must know first.
  (f) => (f.suspended && f.status !== "Ended" ? "suspended" : null),
  (f) => (f.status === "In_progress" && f.closedOut ? "awaitingHandBack" : null),
  (f, now) => (isOverdue(f.status, f.endAt, now) ? "overdue" : null),
  // The atmosphere is no longer known safe: no work until it is tested again (docs/decisions.md).
  (f) => (f.status === "In_progress" && f.gasRetestDue ? "gasRetestDue" : null),
  // Spanning shifts is valid only with each handover recorded.
  (f) => (f.status === "In_progress" && f.handoverDue ? "handoverDue" : null),
  (f) => (f.status === "In_progress" ? "inProgress" : null),
  (f, now) => (f.status === "accepted" ? (before(f.startAt, now) ? "beforeWindow" : "awaitingStart") : null),
  (f) => (f.status === "Approved" ? "notAccepted" : null),
];

export function permitCheckReason(facts: TValidityFacts, now: Date): TPermitCheckReason {
  for (const rule of PERMIT_CHECK_RULES) {
    const reason = rule(facts, now);
    if (reason) return reason;
  }
  return "notApproved";
}

/**
 * Work may go on under the permit right now: in progress, not closed out and not past its end. The start was allowed only inside
 * the window (from its start less the enterprise's grace: checkInsideWindow), so a permit started in the grace is
 * valid from then, as the reason `inProgress` says.
 */
export function isValidNow(facts: TValidityFacts, now: Date): boolean {
  return (
    facts.status === "In_progress" &&
    !facts.closedOut &&
    !facts.suspended &&
    !facts.gasRetestDue &&
    !facts.handoverDue &&
    facts.endAt !== null &&
    !isOverdue(facts.status, facts.endAt, now)
  );
}
