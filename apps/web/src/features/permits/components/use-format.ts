import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A date and time in the user's time zone and the UI's language. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}

/** "Sector › Sub-sector", or null without a place. */
export function placeOf(permit: { sector: { name: string } | null; subSector: { name: string } | null }) {
  if (!permit.sector) return null;
  return permit.subSector ? `${permit.sector.name} › ${permit.subSector.name}` : permit.sector.name;
}
