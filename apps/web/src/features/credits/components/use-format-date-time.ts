import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * A date and time in the UI language and in the device's time zone (Intl's default), so a manager reads the
 * time of a purchase or a send as the clock on the wall showed it.
 */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}
