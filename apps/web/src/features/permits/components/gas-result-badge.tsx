import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Passed or failed, as the server judged a test or one reading. */
export function GasResultBadge({ passed }: { passed: boolean }) {
  const { t } = useTranslation("permits");
  return (
    <Badge color={passed ? "teal.9" : "red.9"} variant="filled">
      {passed ? t("gasTests.passed") : t("gasTests.failed")}
    </Badge>
  );
}
