import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A date (no time) in the UI language. */
export function useFormatDay(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)),
    [i18n.language],
  );
}

/** A date and time in the UI language and the device's time zone. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}
