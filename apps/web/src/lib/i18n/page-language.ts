import type { i18n as TI18n } from "i18next";

/**
 * Keeps `<html lang>` on the language the page's texts are in: one of ours ("en", "fr"), not the browser's tag that
 * i18next may hold on a first visit ("en-US" reads the English texts). Screen readers pick their voice from it.
 */
export function reflectPageLanguage(i18n: TI18n): void {
  i18n.on("languageChanged", (language) => {
    const shown = i18n.resolvedLanguage ?? language;
    if (shown) document.documentElement.lang = shown;
  });
}
