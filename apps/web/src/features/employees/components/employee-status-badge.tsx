import { Badge } from "@mantine/core";
import type { TAccountStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLORS: Partial<Record<TAccountStatus, string>> = { invited: "yellow", active: "teal", disabled: "gray" };

export function EmployeeStatusBadge({ status }: { status: TAccountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={COLORS[status] ?? "gray"} data-status={status}>
      {t(`accountStatus.${status}`)}
    </Badge>
  );
}
