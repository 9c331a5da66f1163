import { isLanguage, type TLanguage } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE } from "./i18n-options";

/** The UI language as one of ours (i18next may hold e.g. `en-US` before resolving). */
export function useCurrentLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
