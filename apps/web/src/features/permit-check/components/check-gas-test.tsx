import { Stack, Text } from "@mantine/core";
import type { TPermitCheck } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/** The latest gas test where the permit's work type requires one: passed or failed, and when. */
export function CheckGasTest({ check, format }: { check: TPermitCheck; format: (iso: string) => string }) {
  const { t } = useTranslation("permitCheck");
  if (!check.lastGasTest) return null;
  const { passed, at } = check.lastGasTest;
  return (
    <Stack gap={4} data-testid="permit-check-gas-test">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {t("gasTest")}
      </Text>
      <Text size="lg" fw={passed ? 400 : 700} c={passed ? undefined : "red.9"}>
        {t(passed ? "gasTestPassed" : "gasTestFailed", { date: format(at) })}
      </Text>
    </Stack>
  );
}
