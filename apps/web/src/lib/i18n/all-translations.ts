import { getI18n } from "react-i18next";
import { NAMESPACES } from "./i18n-options";

/**
 * Every namespace of the current language (and of the fallback) loaded: what a page's route waits for before the page
 * opens. A component whose texts are not loaded yet suspends, and the nearest boundary is the app's root: the whole
 * page, with whatever was typed in it, would give way to the loader when a dialog with texts of its own first opened.
 * Loading them all before the page opens rules that out; it costs the first signed-in page a few small files, fetched
 * beside its own script. Namespaces already loaded are not fetched again, and a failed file leaves its keys shown,
 * as at the start.
 */
export async function allTranslations(): Promise<void> {
  const i18n = getI18n();
  // The first page's route is loaded as the app starts, before i18next knows the language (it decides it a moment
  // later): loaded now, the namespaces would be the fallback language's only.
  if (!i18n.isInitialized) {
    await new Promise<void>((resolve) => {
      const initialized = () => {
        i18n.off("initialized", initialized);
        resolve();
      };
      i18n.on("initialized", initialized);
    });
  }
  await i18n.loadNamespaces([...NAMESPACES]);
}
