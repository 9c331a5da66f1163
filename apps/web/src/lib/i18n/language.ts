import { type TLanguage, ZLanguageSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE } from "./i18n-options";

/** The UI language as one of ours (i18next may hold e.g. `en-US` before resolving). */
export function useCurrentLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const parsed = ZLanguageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
