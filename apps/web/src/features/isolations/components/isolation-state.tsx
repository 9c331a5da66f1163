import { Badge } from "@mantine/core";
import type { TIsolationPoint } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/** Where a point stands: not isolated, applied (lock number), or applied and proven. */
export function IsolationState({ point }: { point: TIsolationPoint }) {
  const { t } = useTranslation("isolations");
  const a = point.application;
  if (!a) {
    return (
      <Badge color="gray" variant="light" data-testid="isolation-state" data-state="none">
        {t("state.none")}
      </Badge>
    );
  }
  return a.provenAt ? (
    <Badge color="green" variant="filled" data-testid="isolation-state" data-state="proven">
      {t("state.proven", { lock: a.lockNumber })}
    </Badge>
  ) : (
    <Badge color="yellow" variant="filled" c="dark" data-testid="isolation-state" data-state="applied">
      {t("state.applied", { lock: a.lockNumber })}
    </Badge>
  );
}
