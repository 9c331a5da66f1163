import { Badge, Group } from "@mantine/core";
import type { TPermitStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { STATUS_COLOURS } from "../api/workflow";

interface TPermitStatusBadgeProps {
  status: TPermitStatus;
  /** In progress past its end, not closed (the server's flag). */
  overdue?: boolean;
  /** Closed by the scheduler as its window passed unstarted: shown as "Expired" rather than "Cancelled". */
  expired?: boolean;
  /** In progress with the close-out recorded: a flag beside the status (the wire status stays In_progress). */
  awaitingHandBack?: boolean;
  /** Suspended (by a person or an emergency stop): the work is stopped until a manager signs its resumption. */
  suspended?: boolean;
  /** In progress while its last gas test no longer holds: a re-test is due (the server's flag). */
  gasRetestDue?: boolean;
  /** A required item of the crew or the contractor lapsed during the work (compliance lapse flag). */
  complianceLapsed?: boolean;
  /** In progress longer than a shift without a recorded handover: not valid until one is. */
  handoverDue?: boolean;
  noWrap?: boolean;
}

/**
 * The status as docs/domain.md, Permit life cycle names it for people (Saved, Sent, Recheck, Verified…); the wire
 * name in data-status. An expired permit reads "Expired"; overdue work carries a red "Overdue" badge beside it, and
 * closed-out work an "Awaiting hand-back" one, suspended work a "Suspended" one, work whose gas re-test is overdue a
 * "Gas re-test due" one, work past a shift without a recorded handover a "Handover due" one.
 */
export function PermitStatusBadge({
  status,
  overdue = false,
  expired = false,
  awaitingHandBack = false,
  suspended = false,
  gasRetestDue = false,
  complianceLapsed = false,
  handoverDue = false,
  noWrap = false,
}: TPermitStatusBadgeProps) {
  const { t } = useTranslation("permits");
  // In a table column the label stays on one line (the column widens); elsewhere it may wrap at 360 px.
  const styles = {
    root: noWrap ? { minWidth: "max-content" } : undefined,
    label: { whiteSpace: noWrap ? ("nowrap" as const) : ("normal" as const) },
  };
  const badge = (
    <Badge
      variant="dot"
      color={expired ? "orange" : STATUS_COLOURS[status]}
      data-status={status}
      data-expired={expired || undefined}
      styles={styles}
    >
      {t(expired ? "status.expired" : `status.${status}`)}
    </Badge>
  );
  if (!overdue && !awaitingHandBack && !suspended && !gasRetestDue && !handoverDue && !complianceLapsed) return badge;
  return (
    <Group gap={4} wrap={noWrap ? "nowrap" : "wrap"}>
      {badge}
      {suspended ? (
        <Badge color="red.9" variant="outline" styles={styles} data-testid="permit-suspended">
          {t("flags.suspended")}
        </Badge>
      ) : null}
      {overdue ? (
        <Badge color="red.9" variant="filled" styles={styles} data-testid="permit-overdue">
          {t("status.overdue")}
        </Badge>
      ) : null}
      {gasRetestDue ? (
        <Badge color="orange.9" variant="filled" styles={styles} data-testid="permit-gas-retest-due">
          {t("gasTests.overdueMarker")}
        </Badge>
      ) : null}
      {complianceLapsed ? (
        <Badge color="red.9" variant="light" styles={styles} data-testid="permit-compliance-lapsed">
          {t("complianceGates:lapsed")}
        </Badge>
      ) : null}
      {handoverDue ? (
        <Badge color="red.9" variant="light" styles={styles} data-testid="permit-handover-due">
          {t("flags.handoverDue")}
        </Badge>
      ) : null}
      {awaitingHandBack ? (
        <Badge color="orange.9" variant="light" styles={styles} data-testid="permit-awaiting-hand-back">
          {t("flags.awaitingHandBack")}
        </Badge>
      ) : null}
    </Group>
  );
}
