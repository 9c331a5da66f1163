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

/**
 * What the app starts with: the texts of the sign-in page and of what any page may show at once (the loader, an
 * error with the compliance gaps it names, a form's messages). A visitor's first screen waits for these five files
 * (20 KB) instead of all 27 (143 KB, fetched six at a time); every other page waits for all of them before it opens
 * (`allTranslations`, in its route's `lazy`).
 */
export const FIRST_NAMESPACES = [
  "common",
  "auth",
  "errors",
  "complianceGates",
  "validation",
] as const satisfies readonly TNamespace[];

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

/** A build's translations sit under a path of their own version, which browsers keep (scripts/versioned-locales-plugin.ts). */
export const backendOptions: HttpBackendOptions = {
  loadPath: `${__LOCALES_BASE__}/{{lng}}/{{ns}}.json`,
};

export const i18nOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: "languageOnly" as const,
  // A copy for each instance: i18next adds the namespaces it loads later to the array it was given.
  get ns(): string[] {
    return [...FIRST_NAMESPACES];
  },
  defaultNS: "common" satisfies TNamespace,
  maxRetries: TRANSLATION_MAX_RETRIES,
  retryTimeout: TRANSLATION_RETRY_BASE_MS,
  interpolation: { escapeValue: false },
  returnNull: false,
  detection: detectorOptions,
  backend: backendOptions,
};
