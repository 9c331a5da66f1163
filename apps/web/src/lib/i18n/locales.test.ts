import { ERROR_CODES, V } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./i18n-options";

const FILES = import.meta.glob<Record<string, unknown>>("../../../public/locales/*/*.json", {
  eager: true,
  import: "default",
});

const filesOf = (language: string) =>
  Object.keys(FILES)
    .filter((path) => path.includes(`/locales/${language}/`))
    .map((path) => path.split("/").at(-1)!)
    .sort();

function flatKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatKeys(inner, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, namespace: string) => {
  const file = FILES[`../../../public/locales/${language}/${namespace}.json`];
  if (!file) throw new Error(`No ${language}/${namespace}.json`);
  return file;
};

describe("translation files", () => {
  it("has exactly the configured namespaces in English and French", () => {
    for (const language of ["en", "fr"]) {
      expect(filesOf(language)).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  it.each(NAMESPACES)("has the same keys in English and French: %s", (namespace) => {
    expect(flatKeys(read("fr", namespace)).sort()).toEqual(flatKeys(read("en", namespace)).sort());
  });

  it("translates every error code, plus CONNECTION_ERROR", () => {
    const keys = Object.keys(read("en", "errors")).sort();
    expect(keys).toEqual([...ERROR_CODES, "CONNECTION_ERROR"].sort());
    expect(read("en", "errors").CONNECTION_ERROR).toBe("There was a connection error");
  });

  it("translates every validation key with the spec wording", () => {
    const validation = read("en", "validation");
    expect(Object.keys(validation).sort()).toEqual(Object.keys(V).sort());
    expect(validation).toMatchObject({
      max50: "Maximum 50 characters",
      min2: "At least 2 characters",
      passwordMin8: "Minimum 8 characters",
      passwordsMustMatch: "Passwords must match",
      invalidNumberFormat: "Invalid number format",
    });
  });

  it("leaves no text empty", () => {
    for (const language of ["en", "fr"]) {
      for (const namespace of NAMESPACES) {
        const empty = flatKeys(read(language, namespace)).filter((key) => {
          const value = key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], read(language, namespace));
          return typeof value !== "string" || value.trim() === "";
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });
});
