import type { TGasLimits } from "@openpermit/shared";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A gas's limits as read: "≥ 19.5 and < 23.5 %", "< 10 % LEL" (the low limit passes, the high one fails). */
export function useLimitText(): (gas: TGasLimits & { unit: string }) => string {
  const { t } = useTranslation("permits");
  return useCallback(
    (gas) => {
      const parts = [
        gas.lowLimit !== null ? t("gasTests.atLeast", { value: gas.lowLimit }) : null,
        gas.highLimit !== null ? t("gasTests.under", { value: gas.highLimit }) : null,
      ].filter(Boolean);
      return `${parts.join(t("gasTests.and"))} ${gas.unit}`;
    },
    [t],
  );
}
