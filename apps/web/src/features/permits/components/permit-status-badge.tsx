import { Badge } from "@mantine/core";
import type { TPermitStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { STATUS_COLOURS } from "../api/workflow";

/** The status as product.md §3 names it for people (Saved, Sent, Recheck, Verified…); the wire name in data-status. */
export function PermitStatusBadge({ status }: { status: TPermitStatus }) {
  const { t } = useTranslation("permits");
  return (
    <Badge
      variant="dot"
      color={STATUS_COLOURS[status]}
      data-status={status}
      styles={{ label: { whiteSpace: "normal" } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
