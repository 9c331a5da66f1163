import { Alert } from "@mantine/core";
import type { TComplianceGap } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { describeGaps } from "../../../lib/api/compliance-gaps";

/**
 * The company documents the enterprise requires that the supplier of a pending demand does not meet today: approving
 * it is refused until they are (docs/safety.md, "Contractor compliance: the gates").
 */
export function MissingDocuments({ gaps }: { gaps: TComplianceGap[] }) {
  const { t } = useTranslation("complianceGates");
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="missing-documents"
      style={{ overflowWrap: "anywhere" }}
    >
      {t("missingDocuments", { gaps: describeGaps(t, gaps, false) })}
    </Alert>
  );
}
