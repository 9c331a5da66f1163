import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ratedLevelOf } from "../api/workflow";

/** "Raised to High (the probability and severity give Low) by the minimum of: …", when a named risk raised it. */
export function CriticalityRaised({ rated }: { rated: ReturnType<typeof ratedLevelOf> }) {
  const { t } = useTranslation("permits");
  if (!rated || rated.raisedBy.length === 0) return null;
  return (
    <Text fz="sm" c="dimmed" data-testid="permit-criticality-raised">
      {t("form.criticalityRaised", {
        level: rated.level.name,
        cell: rated.cellLevel.name,
        risks: rated.raisedBy.map((risk) => risk.name).join(", "),
      })}
    </Text>
  );
}
