import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Each lockfile records every registry package's download address and checksum, and the folder's .npmrc keeps npm
 * writing them whatever a machine's own settings say (docs/decisions.md, "The lockfile keeps the download
 * addresses"). Without the addresses `npm ci` asks the registry for each package's metadata before it can download
 * the package: on CI's machine that was 18–40 s of the install's 70–110.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const FOLDERS = [".", "tools/lighthouse"];

interface TLockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
}

describe("the lockfiles", () => {
  for (const folder of FOLDERS) {
    it(`${folder}/package-lock.json gives every registry package its address and checksum`, () => {
      const lock = JSON.parse(readFileSync(join(ROOT, folder, "package-lock.json"), "utf8")) as {
        packages: Record<string, TLockEntry>;
      };
      const installed = Object.entries(lock.packages).filter(
        ([path, entry]) => path.includes("node_modules/") && !entry.link,
      );
      expect(installed.length).toBeGreaterThan(100);
      const missing = installed
        .filter(([, entry]) => !entry.resolved?.startsWith("https://registry.npmjs.org/") || !entry.integrity)
        .map(([path]) => path);
      expect(missing).toEqual([]);
    });

    it(`${folder}/.npmrc keeps npm writing the addresses`, () => {
      const settings = readFileSync(join(ROOT, folder, ".npmrc"), "utf8")
        .split("\n")
        .map((line) => line.trim());
      expect(settings).toContain("omit-lockfile-registry-resolved=false");
    });
  }
});
