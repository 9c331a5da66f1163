import {
  CONFIRMED_ACTIONS,
  PERMIT_STATUSES,
  permitLevel,
  REMARK_REQUIRED_ACTIONS,
  type TLevelMinimum,
  type TPermitAction,
  type TPermitStatus,
  type TRiskMatrix,
} from "@openpermit/shared";

/**
 * What the web app needs of the life cycle. Which actions a person may take comes from the server
 * (`permit.actions`, computed with the shared table); nothing here decides it again.
 */
export { permitActions, sendMissing } from "@openpermit/shared";

export const needsRemark = (action: TPermitAction) => REMARK_REQUIRED_ACTIONS.includes(action);
export const needsConfirmation = (action: TPermitAction) => CONFIRMED_ACTIONS.includes(action);

/** The statuses each contractor list shows (its status filter offers these). */
export const SAVED_STATUSES: readonly TPermitStatus[] = ["pending", "Recheck"];
export const SENT_STATUSES: readonly TPermitStatus[] = PERMIT_STATUSES.filter((s) => !SAVED_STATUSES.includes(s));

export const STATUS_COLOURS: Record<TPermitStatus, string> = {
  pending: "gray",
  sended: "blue",
  Recheck: "orange",
  Confirmed: "cyan",
  Approved: "teal",
  accepted: "green",
  In_progress: "violet",
  Ended: "dark",
  Canceled: "gray",
  Failed: "red",
};

export function isPermitStatus(value: string | null): value is TPermitStatus {
  return (PERMIT_STATUSES as readonly string[]).includes(value ?? "");
}

/**
 * The permit's level as the server will keep it at the send (shared permitLevel): the cell's, raised to the highest
 * minimum of the named risks and specific risks, with those that raised it. Null until both are chosen.
 */
export function ratedLevelOf(
  matrix: TRiskMatrix | undefined,
  probabilityId: string | null,
  severityId: string | null,
  minimums: TLevelMinimum[],
) {
  if (!matrix || !probabilityId || !severityId) return null;
  const cell = matrix.cells.find((c) => c.probabilityId === probabilityId && c.severityId === severityId);
  return permitLevel(matrix.levels, cell?.levelId, minimums) ?? null;
}
