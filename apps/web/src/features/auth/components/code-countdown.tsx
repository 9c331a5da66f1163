import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatMinutesSeconds, useRemainingSeconds } from "./use-remaining-seconds";

/** "Remaining time mm:ss" until the code expires, then a hint to ask for a new one. */
export function CodeCountdown({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation("auth");
  const remaining = useRemainingSeconds(expiresAt);
  if (!expiresAt) return null;
  if (remaining === 0) {
    return (
      <Text fz="sm" c="red.8" role="status">
        {t("code.expired")}
      </Text>
    );
  }
  return (
    <Text fz="sm" c="dimmed" data-testid="code-countdown">
      {t("code.remaining")}{" "}
      <Text span fw={600} c="var(--mantine-color-text)" ff="monospace">
        {formatMinutesSeconds(remaining)}
      </Text>
    </Text>
  );
}
