import { Badge } from "@mantine/core";
import type { TPermitStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { STATUS_COLOURS } from "../api/workflow";

/** The status as docs/domain.md, Permit life cycle names it for people (Saved, Sent, Recheck, Verified…); the wire name in data-status. */
export function PermitStatusBadge({ status, noWrap = false }: { status: TPermitStatus; noWrap?: boolean }) {
  const { t } = useTranslation("permits");
  return (
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
}
