import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Source files cite only documents a reader of the repository has (docs/domain.md by section name, docs/decisions.md,
 * docs/authorization-matrix.md, docs/performance.md, docs/reliability.md, docs/architecture.md), never the customer's specification or
 * the tracker's issues, which are not in the repository.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

const WALKED = [
  "apps/server/src",
  "apps/server/test",
  "apps/server/bench",
  "apps/server/drills",
  "apps/web/src",
  "apps/web/test",
  "apps/web/scripts",
  "packages/shared/src",
  "e2e/tests",
  "e2e/support",
  "e2e/playwright.config.ts",
];
const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist"]);
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|json)$/;
// docs/safety.md is the repository's own list of the controls; a bare "safety.md" is the design notes outside it.
const FOREIGN_CITATION = /product\.md|\bspec(ification)? §|\bissue \d+|original-spec|(?<!docs\/)\bsafety\.md/i;

/** The source files at `target`: the file itself, or every one under the directory. */
function sourceFiles(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { withFileTypes: true }).flatMap((entry) => {
    const path = join(target, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

describe("repository citations", () => {
  it("no source file cites a document the repository does not hold", () => {
    const files = WALKED.flatMap((target) => sourceFiles(join(ROOT, target)));
    expect(files.length).toBeGreaterThan(0);
    const offending = files
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== THIS_FILE)
      .flatMap((path) =>
        readFileSync(join(ROOT, path), "utf8")
          .split("\n")
          .flatMap((line, index) => (FOREIGN_CITATION.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});
