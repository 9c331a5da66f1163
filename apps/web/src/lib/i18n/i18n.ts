import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n-options";
import { reflectPageLanguage } from "./page-language";

reflectPageLanguage(i18n);

/** Starts loading the translations; components suspend until they are there. */
export const i18nReady = i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);

export { i18n };
