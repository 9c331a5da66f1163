import { Badge, Group } from "@mantine/core";
import type { TPermitStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { STATUS_COLOURS } from "../api/workflow";

/** The status as docs/domain.md, Permit life cycle names it for people (Saved, Sent, Recheck, Verified…); the wire name in data-status. */
export function PermitStatusBadge({
  status,
  noWrap = false,
  awaitingHandBack = false,
}: {
  status: TPermitStatus;
  noWrap?: boolean;
  /** In progress with the close-out recorded: a flag beside the status (the wire status stays In_progress). */
  awaitingHandBack?: boolean;
}) {
  const { t } = useTranslation("permits");
  const badge = (
    <Badge
      variant="dot"
      color={STATUS_COLOURS[status]}
      data-status={status}
      // In a table column the label stays on one line (the column widens); elsewhere it may wrap at 360 px.
      styles={{
        root: noWrap ? { minWidth: "max-content" } : undefined,
        label: { whiteSpace: noWrap ? "nowrap" : "normal" },
      }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
  if (!awaitingHandBack) return badge;
  return (
    <Group gap={4} wrap={noWrap ? "nowrap" : "wrap"}>
      {badge}
      <Badge
        color="orange.9"
        variant="light"
        data-testid="permit-awaiting-hand-back"
        styles={{ label: { whiteSpace: noWrap ? "nowrap" : "normal" } }}
      >
        {t("flags.awaitingHandBack")}
      </Badge>
    </Group>
  );
}
