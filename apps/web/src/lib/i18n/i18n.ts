import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n-options";

function reflectLanguage(language: string | undefined): void {
  if (language) document.documentElement.lang = language;
}

i18n.on("languageChanged", reflectLanguage);

/** Starts loading the translations; components suspend until they are there. */
export const i18nReady = i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);

export { i18n };
