import { Badge } from "@mantine/core";
import type { TAffiliationStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLORS: Record<TAffiliationStatus, string> = {
  invited: "yellow",
  requested: "yellow",
  affiliated: "teal",
  detached: "gray",
  denied: "red",
  cancelled: "gray",
};

export function AffiliationStatusBadge({ status }: { status: TAffiliationStatus }) {
  const { t } = useTranslation("contractors");
  return (
    <Badge variant="dot" color={COLORS[status]} data-status={status}>
      {t(`affiliationStatus.${status}`)}
    </Badge>
  );
}
