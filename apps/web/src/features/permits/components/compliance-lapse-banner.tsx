import { Alert } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconCertificateOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { describeGaps } from "../../../lib/api/compliance-gaps";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";

/**
 * What lapsed during the work (a crew member's competence or induction, the contractor's document) and when it was
 * found: the work may not start nor resume until it is met again (docs/safety.md, "Contractor compliance: the gates").
 */
export function ComplianceLapseBanner({ permit }: { permit: Pick<TPermit, "complianceLapse"> }) {
  const { t } = useTranslation("complianceGates");
  const formatDateTime = useFormatDateTime();
  const lapse = permit.complianceLapse;
  if (!lapse) return null;
  return (
    <Alert
      color="red"
      icon={<IconCertificateOff aria-hidden />}
      title={t("lapsed")}
      data-testid="permit-compliance-lapse"
      style={{ overflowWrap: "anywhere" }}
    >
      {t("lapseBanner", { at: formatDateTime(lapse.at), gaps: describeGaps(t, lapse.gaps, false) })}
    </Alert>
  );
}
