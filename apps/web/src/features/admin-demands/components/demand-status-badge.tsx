import { Badge } from "@mantine/core";
import type { TEnterpriseAccountDemand } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLORS = { pending: "yellow", approved: "teal", denied: "red", cancelled: "gray" } as const;

export function DemandStatusBadge({ status }: { status: TEnterpriseAccountDemand["status"] }) {
  const { t } = useTranslation("admin");
  return (
    <Badge variant="dot" color={COLORS[status]}>
      {t(`demands.status.${status}`)}
    </Badge>
  );
}
