import { Badge } from "@mantine/core";
import type { TAccountStatus, TCompanyStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/** Company and account statuses share their labels (common `accountStatus`). */
type TStatus = TCompanyStatus | TAccountStatus;

const COLORS: Partial<Record<TStatus, string>> = {
  invited: "yellow",
  pending_confirmation: "yellow",
  pending_verification: "orange",
  active: "teal",
  disabled: "gray",
};

export function CompanyStatusBadge({ status }: { status: TStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={COLORS[status] ?? "gray"}
      data-status={status}
      // Long statuses ("Waiting for confirmation") wrap between words instead of being cut off.
      h="auto"
      py={3}
      radius="sm"
      styles={{ label: { whiteSpace: "normal", overflow: "visible", overflowWrap: "normal", lineHeight: 1.3 } }}
    >
      {t(`accountStatus.${status}`)}
    </Badge>
  );
}
