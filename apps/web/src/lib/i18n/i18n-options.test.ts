import i18next, { type BackendModule, type ReadCallback } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nOptions, LANGUAGE_STORAGE_KEY, TRANSLATION_MAX_RETRIES, TRANSLATION_RETRY_BASE_MS } from "./i18n-options";
import { reflectPageLanguage } from "./page-language";

const resources = { en: { common: { hello: "Hello" } }, fr: { common: { hello: "Bonjour" } } };

/** Our options with in-memory texts instead of the HTTP backend. */
async function startWithDetector() {
  const instance = i18next.createInstance();
  const { backend: _backend, ...options } = i18nOptions;
  await instance.use(LanguageDetector).init({ ...options, ns: ["common"], resources });
  return instance;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("i18n configuration", () => {
  it("keeps the language under `language`, from an earlier choice, else the browser's", () => {
    expect(LANGUAGE_STORAGE_KEY).toBe("language");
    expect(i18nOptions.detection).toEqual({
      order: ["localStorage", "navigator"],
      lookupLocalStorage: "language",
      caches: ["localStorage"],
    });
    expect(i18nOptions.fallbackLng).toBe("en");
    expect(i18nOptions.supportedLngs).toEqual(["en", "fr"]);
    expect(i18nOptions.backend.loadPath).toBe("/locales/{{lng}}/{{ns}}.json");
  });

  it("starts, on a first visit, in French when the browser prefers French, else in English", async () => {
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["fr-FR", "fr"]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("fr-FR");
    const french = await startWithDetector();
    expect(french.resolvedLanguage).toBe("fr");
    expect(french.t("hello")).toBe("Bonjour");
    window.localStorage.clear();
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["de-DE", "de"]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("de-DE");
    const german = await startWithDetector();
    expect(german.resolvedLanguage).toBe("en");
    expect(german.t("hello")).toBe("Hello");
  });

  it("prefers a choice made earlier on this browser to the browser's language", async () => {
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["fr-FR"]);
    window.localStorage.setItem("language", "en");
    const instance = await startWithDetector();
    expect(instance.resolvedLanguage).toBe("en");
  });

  it("starts in the language saved earlier and saves a new choice", async () => {
    window.localStorage.setItem("language", "fr");
    const instance = await startWithDetector();
    expect(instance.t("hello")).toBe("Bonjour");
    await instance.changeLanguage("en");
    expect(window.localStorage.getItem("language")).toBe("en");
  });

  it("says on <html lang> the language the texts are in, not the browser's tag", async () => {
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["en-US"]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("en-US");
    const instance = i18next.createInstance();
    reflectPageLanguage(instance);
    const { backend: _backend, ...options } = i18nOptions;
    await instance.use(LanguageDetector).init({ ...options, ns: ["common"], resources });
    expect(instance.language).toBe("en-US");
    expect(document.documentElement.lang).toBe("en");
    await instance.changeLanguage("fr");
    expect(document.documentElement.lang).toBe("fr");
  });

  it("retries a failed translation load 5 times, 350 ms first and doubling", async () => {
    expect(TRANSLATION_MAX_RETRIES).toBe(5);
    expect(TRANSLATION_RETRY_BASE_MS).toBe(350);
    vi.useFakeTimers();
    const readAt: number[] = [];
    const failing: BackendModule = {
      type: "backend",
      init: () => {},
      read: (_language: string, _namespace: string, callback: ReadCallback) => {
        readAt.push(Date.now());
        // `true` as data is i18next-http-backend's "worth retrying" flag (5xx or no answer).
        callback(new Error("503"), true as never);
      },
    };
    const { backend: _backend, detection: _detection, ...options } = i18nOptions;
    void i18next
      .createInstance()
      .use(failing)
      .init({ ...options, lng: "en", ns: ["common"] });
    await vi.runAllTimersAsync();
    expect(readAt).toHaveLength(1 + 5);
    const gaps = readAt.slice(1).map((time, index) => time - readAt[index]!);
    expect(gaps).toEqual([350, 700, 1400, 2800, 5600]);
  });
});
