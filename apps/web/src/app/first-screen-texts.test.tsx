import { screen } from "@testing-library/react";
import i18next, { type BackendModule, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { beforeEach, describe, expect, it } from "vitest";
import { setSessionExpiredHandler } from "../lib/api/client";
import { allTranslations } from "../lib/i18n/all-translations";
import { FIRST_NAMESPACES, i18nOptions, NAMESPACES } from "../lib/i18n/i18n-options";
import { fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { fakeToken } from "../test/tokens";

const FILES = import.meta.glob<Record<string, unknown>>("../../public/locales/*/*.json", {
  eager: true,
  import: "default",
});

/**
 * The app's own i18n options over a backend that serves the real files and notes each one asked for, starting (as
 * the app does) with only the first namespaces loaded; and every text looked up and not found.
 */
async function recordingI18n(language = "en", started?: (instance: i18n) => void) {
  const fetched: string[] = [];
  const missing: string[] = [];
  const files: BackendModule = {
    type: "backend",
    init: () => {},
    read: (language, namespace, callback) => {
      fetched.push(`${language}/${namespace}`);
      callback(null, FILES[`../../public/locales/${language}/${namespace}.json`] ?? null);
    },
  };
  const instance = i18next.createInstance();
  const { detection: _detection, ...options } = i18nOptions;
  const initialized = instance
    .use(files)
    .use(initReactI18next)
    .init({
      ...options,
      lng: language,
      saveMissing: true,
      missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
    });
  started?.(instance);
  await initialized;
  fetched.length = 0;
  return { instance, fetched, missing };
}

const profile = {
  status: 200,
  data: {
    data: { id: "00000000-0000-4000-8000-000000000001", name: "Jo Doe", email: "jo@example.com", role: "Supplier" },
  },
};

beforeEach(() => {
  setSessionExpiredHandler(() => {});
  fakeApi(({ method, url }) =>
    method === "GET" && /^\/Supplier\/[0-9a-f-]{36}$/.test(url)
      ? profile
      : { status: 404, data: { error: { code: "NOT_FOUND", message: "no" } } },
  );
});

describe("the texts a page waits for", () => {
  it("the app starts with five namespaces, which are all the sign-in page needs", async () => {
    expect(i18nOptions.ns).toEqual(["common", "auth", "errors", "complianceGates", "validation"]);
    const { instance, fetched, missing } = await recordingI18n();
    expect([...FIRST_NAMESPACES].every((namespace) => instance.hasLoadedNamespace(namespace))).toBe(true);
    renderApp("/auth/sign-in/default", { i18n: instance });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(fetched).toEqual([]);
    expect(missing).toEqual([]);
  });

  it("every other page opens once every namespace is loaded, signed out or in", async () => {
    const signedOut = await recordingI18n();
    renderApp("/auth/reset", { i18n: signedOut.instance });
    expect(await screen.findByRole("heading", { level: 1, name: "Reset your password" })).toBeTruthy();
    const rest = NAMESPACES.filter((namespace) => !(FIRST_NAMESPACES as readonly string[]).includes(namespace));
    expect([...signedOut.fetched].sort()).toEqual(rest.map((namespace) => `en/${namespace}`).sort());
    expect(signedOut.missing).toEqual([]);
  });

  it("an area's first page too, so that no dialog of it waits for its texts once it is open", async () => {
    const signedIn = await recordingI18n();
    renderApp("/supplier/default", { i18n: signedIn.instance, token: fakeToken({ role: "Supplier" }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(NAMESPACES.filter((namespace) => !signedIn.instance.hasLoadedNamespace(namespace))).toEqual([]);
    expect(signedIn.fetched.length).toBe(NAMESPACES.length - FIRST_NAMESPACES.length);
  });

  it("a page's route loaded as the app starts waits for i18next to know the language, then loads its texts", async () => {
    let missingWhenLoaded: Promise<string[]> | undefined;
    // Called at once, as the router's first navigation is, while i18next is still deciding the language (French);
    // what is missing is read the moment it says the texts are there.
    await recordingI18n("fr", (instance) => {
      missingWhenLoaded = allTranslations().then(() =>
        NAMESPACES.filter((namespace) => !instance.hasResourceBundle("fr", namespace)),
      );
    });
    expect(await missingWhenLoaded).toEqual([]);
  });
});
