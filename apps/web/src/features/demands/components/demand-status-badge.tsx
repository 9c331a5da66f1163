import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TDemandStatus } from "../api/list-demands";

const COLORS: Record<TDemandStatus, string> = { pending: "yellow", approved: "teal", denied: "red", cancelled: "gray" };

export function DemandStatusBadge({ status }: { status: TDemandStatus }) {
  const { t } = useTranslation("demands");
  return (
    <Badge variant="dot" color={COLORS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
