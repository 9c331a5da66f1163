import { Badge } from "@mantine/core";
import type { TEvidenceStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLOURS: Record<TEvidenceStatus, string> = { pending: "blue", accepted: "green", refused: "red" };

/** Where a piece of evidence is in its review, in words (never by colour alone). */
export function EvidenceStatusBadge({ status }: { status: TEvidenceStatus }) {
  const { t } = useTranslation("compliance");
  return (
    <Badge color={COLOURS[status]} variant="dot" data-status={status}>
      {t(`supplierCompliance.status.${status}`)}
    </Badge>
  );
}
