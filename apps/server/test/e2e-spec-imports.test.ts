import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every end-to-end journey has its API traffic checked against the served OpenAPI document: that check is the
 * automatic fixture of the `test` e2e/support/test.ts exports. A spec importing Playwright's own `test` escapes it
 * silently (one did), so each spec must take `test` from there.
 */
const SPECS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "e2e", "tests");

describe("end-to-end specs", () => {
  it("all take `test` from e2e/support/test.ts, whose fixture checks their traffic", () => {
    const specs = readdirSync(SPECS).filter((name) => name.endsWith(".spec.ts"));
    expect(specs.length).toBeGreaterThan(10);
    const escaping = specs.filter((name) => {
      const source = readFileSync(join(SPECS, name), "utf8");
      return /from "@playwright\/test"/.test(source) || !/from "\.\.\/support\/test"/.test(source);
    });
    expect(escaping).toEqual([]);
  });
});
