/// <reference types="node" />
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** Where the translations are written (one JSON file per language and namespace) and served from in development. */
export const LOCALES_DIR = path.resolve(import.meta.dirname, "..", "public", "locales");
const UNVERSIONED_BASE = "/locales";

/** Every translation file under `dir`, as paths relative to it, in a fixed order. */
export function localeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/** A digest of every file's name and content: any change to any translation gives another. */
export function localesVersion(dir: string): string {
  const hash = createHash("sha256");
  for (const file of localeFiles(dir)) {
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(dir, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 10);
}

/**
 * The built app reads its translations from /assets/locales-<digest of them all>/<lng>/<ns>.json, a path that
 * changes whenever any translation does: under /assets/ the server lets browsers keep them for a year without asking
 * again (apps/server/src/plugins/web-app.ts), as it does the hashed scripts. Served from /locales with `no-cache`,
 * every page load asked again for each of the 27 files (a request each, six at a time, before the page could show)
 * and was told "not modified": on a phone on a site's patchy network, that was the slowest part of opening the app.
 * A tab open across a deploy reads the translations it already has; the unversioned copies stay at /locales.
 *
 * `__LOCALES_BASE__` (src/lib/i18n/i18n-options.ts) is that path in a build, and /locales in development and tests.
 */
export function versionedLocales(dir = LOCALES_DIR): Plugin {
  let base = UNVERSIONED_BASE;
  return {
    name: "openpermit-versioned-locales",
    config(_config, env) {
      base = env.command === "build" ? `/assets/locales-${localesVersion(dir)}` : UNVERSIONED_BASE;
      return { define: { __LOCALES_BASE__: JSON.stringify(base) } };
    },
    generateBundle() {
      if (base === UNVERSIONED_BASE) return;
      for (const file of localeFiles(dir)) {
        this.emitFile({
          type: "asset",
          fileName: `${base.slice(1)}/${file}`,
          source: fs.readFileSync(path.join(dir, file)),
        });
      }
    },
  };
}
