import { Badge, Group, Text } from "@mantine/core";
import type { TComplianceBadgeStatus, TContractorSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLOURS: Record<TComplianceBadgeStatus, string> = { compliant: "green", expiring: "yellow", notCompliant: "red" };

/**
 * A contractor's compliance as the enterprise sees it (the server's badge): compliant, expiring soon or not
 * compliant, and with what (each required document by name and standing).
 */
export function ComplianceBadge({ compliance }: { compliance: TContractorSummary["compliance"] }) {
  const { t } = useTranslation("complianceView");
  const what = compliance.items
    .map((i) => t("badge.item", { requirement: i.requirement, standing: t(`standing.${i.standing}`) }))
    .join(", ");
  return (
    <Group gap={6} wrap="wrap" data-testid="compliance-badge" data-compliance={compliance.status}>
      <Badge variant="dot" color={COLOURS[compliance.status]}>
        {t(`badge.${compliance.status}`)}
      </Badge>
      {what ? (
        <Text fz="xs" c="dimmed">
          {what}
        </Text>
      ) : null}
    </Group>
  );
}
