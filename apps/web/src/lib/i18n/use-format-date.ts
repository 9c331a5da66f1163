import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/*
 * One home for the date formatters every list and card uses, so a date reads the same on every page.
 * Intl's default time zone is the device's, so a user reads a time as the clock on the wall showed it.
 */

/** A date alone (no time) in the UI language, for "since" columns. */
export function useFormatDate(): (iso: string) => string {
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
