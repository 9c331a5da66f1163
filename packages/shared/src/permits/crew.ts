import {
  holderOf,
  TERMINAL_PERMIT_STATUSES,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
} from "./workflow";

/**
 * Who may do what with a permit's crew (docs/safety.md, "Crew"), next to the workflow table: the permit holder changes
 * the crew until the permit ends (not once its work is closed out); the holder or the worker themselves signs a
 * worker on while the permit is accepted or in progress and not closed out, and off while signed on.
 */
export const CREW_SIGN_ON_STATUSES: readonly TPermitStatus[] = ["accepted", "In_progress"];

const open = (status: TPermitStatus, state: TPermitState) =>
  !TERMINAL_PERMIT_STATUSES.includes(status) && !state.closedOut;

/** The holder may change the crew now. */
export function mayChangeCrew(status: TPermitStatus, relation: TPermitRelation, state: TPermitState): boolean {
  return holderOf(relation) && open(status, state);
}

/** The caller (the holder, or `isWorker`: the worker themselves) may sign this worker on now. */
export function maySignOn(
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  isWorker: boolean,
): boolean {
  // Not while suspended: nobody is brought into work that was stopped (signing off stays possible).
  return (
    (holderOf(relation) || isWorker) && CREW_SIGN_ON_STATUSES.includes(status) && !state.closedOut && !state.suspended
  );
}

/** The caller may sign a worker off (while signed on, whatever the permit's status). */
export const maySignOff = (relation: TPermitRelation, isWorker: boolean): boolean => holderOf(relation) || isWorker;
