import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES_DIR, localeFiles, localesVersion, versionedLocales } from "./versioned-locales-plugin";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A locales folder with the given files (relative path → content). */
function localesWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-locales-"));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

type TConfigHook = (
  config: object,
  env: { command: "build" | "serve"; mode: string },
) => { define: Record<string, string> };
type TEmitted = { type: string; fileName: string; source: Buffer };

/** What the plugin defines and emits for a command, as vite would call it. */
function run(dir: string, command: "build" | "serve") {
  const plugin = versionedLocales(dir);
  const { define } = (plugin.config as TConfigHook)({}, { command, mode: "production" });
  const emitted: TEmitted[] = [];
  (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: TEmitted) => emitted.push(file) });
  return { base: JSON.parse(define.__LOCALES_BASE__!) as string, emitted };
}

describe("versioned locales", () => {
  it("serves a build's translations from a path of their own version under /assets, each file there", () => {
    const dir = localesWith({ "en/common.json": '{"hello":"Hello"}', "fr/common.json": '{"hello":"Bonjour"}' });
    const { base, emitted } = run(dir, "build");
    expect(base).toMatch(/^\/assets\/locales-[0-9a-f]{10}$/);
    expect(emitted.map((file) => file.fileName)).toEqual([
      `${base.slice(1)}/en/common.json`,
      `${base.slice(1)}/fr/common.json`,
    ]);
    expect(emitted.map((file) => file.source.toString())).toEqual(['{"hello":"Hello"}', '{"hello":"Bonjour"}']);
  });

  it("gives another path when any translation changes, is added or is renamed, and the same one otherwise", () => {
    const files = { "en/common.json": '{"hello":"Hello"}', "fr/common.json": '{"hello":"Bonjour"}' };
    const version = localesVersion(localesWith(files));
    expect(localesVersion(localesWith(files))).toBe(version);
    expect(localesVersion(localesWith({ ...files, "fr/common.json": '{"hello":"Salut"}' }))).not.toBe(version);
    expect(localesVersion(localesWith({ ...files, "en/permits.json": "{}" }))).not.toBe(version);
    expect(
      localesVersion(
        localesWith({ "en/common.json": files["en/common.json"], "fr/other.json": files["fr/common.json"] }),
      ),
    ).not.toBe(version);
  });

  it("leaves development and tests on /locales, emitting nothing", () => {
    const { base, emitted } = run(localesWith({ "en/common.json": "{}" }), "serve");
    expect(base).toBe("/locales");
    expect(emitted).toEqual([]);
  });

  it("carries every namespace of both languages of the app", () => {
    const files = localeFiles(LOCALES_DIR);
    expect(files).toContain("en/common.json");
    expect(files).toContain("fr/common.json");
    expect(files.filter((file) => file.startsWith("en/")).length).toBe(
      files.filter((file) => file.startsWith("fr/")).length,
    );
  });
});
