import {
  CONFIRMED_ACTIONS,
  PERMIT_STATUSES,
  REMARK_REQUIRED_ACTIONS,
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

/** The criticality level of one cell of the matrix, or null until both are chosen (no request per change). */
export function criticalityOf(
  matrix: TRiskMatrix | undefined,
  probabilityId: string | null,
  severityId: string | null,
) {
  if (!matrix || !probabilityId || !severityId) return null;
  const cell = matrix.cells.find((c) => c.probabilityId === probabilityId && c.severityId === severityId);
  return matrix.levels.find((level) => level.id === cell?.levelId) ?? null;
}
