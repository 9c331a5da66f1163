import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** Date and time in the user's time zone and the UI language. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}

/** A date alone, for "since" columns. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)),
    [i18n.language],
  );
}
