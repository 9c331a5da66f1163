import { Alert, SimpleGrid, Stack, Text } from "@mantine/core";
import { CREDITS_LOW_THRESHOLD, type TCreditSummary } from "@openpermit/shared";
import { IconAlertTriangle, IconCircleX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FigureTile } from "../../../components/figure-tile";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";

export type TCreditLevel = "empty" | "low" | "enough";

/** How worried to be about a balance: none left stops every first send (NO_PERMIT_CREDITS). */
export function creditLevel(remaining: number): TCreditLevel {
  if (remaining <= 0) return "empty";
  // The same threshold as the server's `credits.low` notification.
  return remaining <= CREDITS_LOW_THRESHOLD ? "low" : "enough";
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return <FigureTile label={label} value={value} size={28} lh={1.2} color={color} />;
}

/**
 * Bought, used and remaining credits (remaining stands out), the last transaction's date, or "No purchase yet". Those
 * who may ask for credits (`canRequest`) are told to when few remain.
 */
export function CreditSummaryCard({ summary, canRequest = false }: { summary: TCreditSummary; canRequest?: boolean }) {
  const { t } = useTranslation("credits");
  const formatDateTime = useFormatDateTime();
  const level = creditLevel(summary.remaining);
  return (
    <Stack gap="sm" data-testid="credit-summary">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          label={t("summary.remaining")}
          value={summary.remaining}
          color={level === "empty" ? "red.8" : level === "low" ? "orange.9" : "teal.8"}
        />
        <Figure label={t("summary.total")} value={summary.total} />
        <Figure label={t("summary.used")} value={summary.used} />
      </SimpleGrid>
      {level === "empty" ? (
        <Alert color="red" icon={<IconCircleX size={18} aria-hidden />} role="alert" p="sm">
          {t(canRequest ? "summary.emptyRequest" : "summary.empty")}
        </Alert>
      ) : level === "low" ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" p="sm">
          {t(canRequest ? "summary.lowRequest" : "summary.low", { count: summary.remaining })}
        </Alert>
      ) : null}
      <Text fz="sm" c="dimmed">
        {summary.lastTransactionAt
          ? t("summary.lastTransaction", { date: formatDateTime(summary.lastTransactionAt) })
          : t("summary.noPurchase")}
      </Text>
    </Stack>
  );
}
