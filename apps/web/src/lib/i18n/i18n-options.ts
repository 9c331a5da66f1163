import { LANGUAGES, type TLanguage } from "@openpermit/shared";
import type { DetectorOptions } from "i18next-browser-languagedetector";
import type { HttpBackendOptions } from "i18next-http-backend";

/** docs/domain.md, Constants and limits: the chosen language is saved locally under `language`. */
export const LANGUAGE_STORAGE_KEY = "language";
export const DEFAULT_LANGUAGE: TLanguage = "en";
export const SUPPORTED_LANGUAGES = LANGUAGES;

export const NAMESPACES = [
  "common",
  "auth",
  "profile",
  "admin",
  "organisation",
  "isolations",
  "risks",
  "company",
  "companyPage",
  "compliance",
  "employees",
  "adminCompanies",
  "contractors",
  "demands",
  "permits",
  "permitCheck",
  "complianceView",
  "complianceOverview",
  "calendar",
  "credits",
  "dashboard",
  "notifications",
  "statistics",
  "audit",
  "complianceGates",
  "errors",
  "validation",
] as const;
export type TNamespace = (typeof NAMESPACES)[number];

/** docs/domain.md, Constants and limits: translations load with up to 5 retries, the first after 350 ms, doubling each time. */
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_BASE_MS = 350;

export const detectorOptions: DetectorOptions = {
  // An earlier choice on this browser first; on a first visit the browser's language when it is one of ours (a
  // French browser opens in French), else English, the default. Once signed in, the account's language wins on every
  // device (useAccountLanguage).
  order: ["localStorage", "navigator"],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ["localStorage"],
};

export const backendOptions: HttpBackendOptions = {
  loadPath: "/locales/{{lng}}/{{ns}}.json",
};

export const i18nOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: "languageOnly" as const,
  ns: [...NAMESPACES],
  defaultNS: "common" satisfies TNamespace,
  maxRetries: TRANSLATION_MAX_RETRIES,
  retryTimeout: TRANSLATION_RETRY_BASE_MS,
  interpolation: { escapeValue: false },
  returnNull: false,
  detection: detectorOptions,
  backend: backendOptions,
};
