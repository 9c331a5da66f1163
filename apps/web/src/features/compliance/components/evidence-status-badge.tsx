import { Badge } from "@mantine/core";
import { complianceToday, type TEvidenceStatus } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

type TShownStatus = TEvidenceStatus | "expired";

const COLOURS: Record<TShownStatus, string> = { pending: "blue", accepted: "green", refused: "red", expired: "red" };

/**
 * Where a piece of evidence is in its review, in words (never by colour alone). Accepted evidence whose last day has
 * passed (somewhere: the gates' safe side, compliance/standing.ts) reads "Expired": a foreman must not read a lapsed
 * certificate as good.
 */
export function EvidenceStatusBadge({ status, validUntil }: { status: TEvidenceStatus; validUntil?: string | null }) {
  const { t } = useTranslation("compliance");
  const ended = status === "accepted" && !!validUntil && validUntil < complianceToday(new Date()).earliest;
  const shown: TShownStatus = ended ? "expired" : status;
  return (
    <Badge color={COLOURS[shown]} variant="dot" data-status={shown}>
      {t(`supplierCompliance.status.${shown}`)}
    </Badge>
  );
}
