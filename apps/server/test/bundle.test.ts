import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer } from "../scripts/bundle";

/** The bundle `npm start` runs (scripts/bundle.ts); the lifecycle test and the drills start it as a process. */
const serverDir = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
let out: string;
beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-bundle-"));
  await bundleServer(out);
}, 60_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The package a bare import names (`@fastify/static/x` → `@fastify/static`). */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

describe("the server's bundle", () => {
  it("holds both entries with their source maps, and every migration the server applies", () => {
    for (const file of ["main.js", "main.js.map", "demo.js", "demo.js.map"]) {
      expect(fs.existsSync(path.join(out, file)), file).toBe(true);
    }
    const source = path.join(serverDir, "src", "db", "migrations");
    const sql = fs.readdirSync(source).filter((name) => name.endsWith(".sql"));
    expect(sql.length).toBeGreaterThan(0);
    for (const name of [...sql, "meta/_journal.json"]) {
      expect(fs.readFileSync(path.join(out, "migrations", name), "utf8"), name).toBe(
        fs.readFileSync(path.join(source, name), "utf8"),
      );
    }
  });

  it("imports at run time only Node's modules and the server's own dependencies (the shared package is inside)", () => {
    for (const entry of ["main.js", "demo.js"]) {
      const code = fs.readFileSync(path.join(out, entry), "utf8");
      const specifiers = [...code.matchAll(/(?:^|\n)import\s[^;]*?from\s*"([^"]+)"|\bimport\("([^"]+)"\)/g)].map(
        (m) => (m[1] ?? m[2])!,
      );
      expect(specifiers.length).toBeGreaterThan(10);
      const outside = specifiers.filter(
        (s) => !s.startsWith("node:") && !builtinModules.includes(s) && !(packageOf(s) in manifest.dependencies),
      );
      expect(outside, entry).toEqual([]);
      expect(code).not.toContain('"@openpermit/');
    }
  });
});
