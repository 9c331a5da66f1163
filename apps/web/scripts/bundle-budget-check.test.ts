import { describe, expect, it } from "vitest";
import {
  AREA_LAYOUT_ROUTE,
  budgetFromMeasures,
  measureBundle,
  overBudget,
  SIGN_IN_ROUTE,
  staleBudgetLines,
  staticClosure,
  type TBudget,
  type TManifest,
} from "./bundle-budget-check";

const KiB = 1024;

/** A tiny app: the entry shares `_vendor` with the sign-in route; the report route brings a chart library. */
const manifest: TManifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js", imports: ["_runtime.js"] },
  "_runtime.js": { file: "assets/runtime.js", imports: ["_vendor.js"] },
  "_charts.js": { file: "assets/charts.js" },
  "index.css": { file: "assets/index.css" },
  [SIGN_IN_ROUTE]: { file: "assets/sign-in.js", isDynamicEntry: true, imports: ["index.html", "_vendor.js"] },
  "src/report.tsx": { file: "assets/report.js", isDynamicEntry: true, imports: ["_charts.js", "index.css"] },
};
const sizes: Record<string, number> = {
  "assets/index.js": 100 * KiB,
  "assets/vendor.js": 50 * KiB,
  "assets/runtime.js": 1 * KiB,
  "assets/sign-in.js": 9 * KiB,
  "assets/report.js": 10 * KiB,
  "assets/charts.js": 80 * KiB,
  "assets/index.css": 500 * KiB,
};
const gzipSize = (file: string) => sizes[file]!;
const budget: TBudget = {
  signInPageKiB: 200,
  routesKiB: { [SIGN_IN_ROUTE]: 10, "src/gone.tsx": 5 },
  otherRouteKiB: 100,
};

describe("bundle budget", () => {
  it("follows static imports transitively, once each, through cycles", () => {
    expect([...staticClosure(manifest, "index.html")].sort()).toEqual(["_runtime.js", "_vendor.js", "index.html"]);
  });

  it("counts the sign-in page's whole JavaScript load and what each route adds to the entry's, not CSS", () => {
    const measures = measureBundle(manifest, budget, gzipSize);
    expect(measures.map((measure) => [measure.name, measure.bytes / KiB, measure.budgetKiB])).toEqual([
      ["sign-in page (all it loads)", 160, 200],
      [SIGN_IN_ROUTE, 9, 10],
      ["src/report.tsx", 90, 100],
    ]);
  });

  it("fails only what is strictly above its budget; a route with no line of its own gets the default", () => {
    const measures = measureBundle(manifest, budget, gzipSize);
    expect(overBudget(measures)).toEqual([]);
    const tight = { ...budget, signInPageKiB: 159, otherRouteKiB: 90 };
    expect(overBudget(measureBundle(manifest, tight, gzipSize)).map((measure) => measure.name)).toEqual([
      "sign-in page (all it loads)",
    ]);
  });

  it("counts what a signed-in route adds beyond the area layout it opens in; signed-out routes beyond the entry", () => {
    const withArea: TManifest = {
      ...manifest,
      [AREA_LAYOUT_ROUTE]: { file: "assets/area.js", isDynamicEntry: true, imports: ["index.html", "_forms.js"] },
      "_forms.js": { file: "assets/forms.js" },
      "src/features/things/things-page.tsx": { file: "assets/things.js", isDynamicEntry: true, imports: ["_forms.js"] },
      "src/features/auth/pages/reset-page.tsx": {
        file: "assets/reset.js",
        isDynamicEntry: true,
        imports: ["_forms.js"],
      },
    };
    const withAreaSizes: Record<string, number> = {
      ...sizes,
      "assets/area.js": 40 * KiB,
      "assets/forms.js": 30 * KiB,
      "assets/things.js": 5 * KiB,
      "assets/reset.js": 4 * KiB,
    };
    const measures = measureBundle(withArea, budget, (file) => withAreaSizes[file]!);
    const added = Object.fromEntries(measures.map((measure) => [measure.name, measure.bytes / KiB]));
    expect(added[AREA_LAYOUT_ROUTE]).toBe(70);
    expect(added["src/features/things/things-page.tsx"]).toBe(5);
    expect(added["src/features/auth/pages/reset-page.tsx"]).toBe(34);
  });

  it("reports budget lines whose route is gone", () => {
    expect(staleBudgetLines(manifest, budget)).toEqual(["src/gone.tsx"]);
  });

  it("says plainly when the manifest lacks a chunk", () => {
    expect(() => staticClosure(manifest, "src/missing.tsx")).toThrow(/build manifest has no chunk "src\/missing.tsx"/);
  });

  it("sets new budgets a little over today's figures, with a floor for small routes", () => {
    const measures = measureBundle(manifest, budget, gzipSize);
    expect(budgetFromMeasures(measures, 0.1, 3)).toEqual({
      signInPageKiB: 176,
      routesKiB: { [SIGN_IN_ROUTE]: 12, "src/report.tsx": 99 },
      otherRouteKiB: 99,
    });
  });

  it("never sets the sign-in page's line above its goal", () => {
    const measures = measureBundle(manifest, budget, gzipSize);
    expect(budgetFromMeasures(measures, 0.1, 3, 170).signInPageKiB).toBe(170);
    expect(budgetFromMeasures(measures, 0.1, 3, 200).signInPageKiB).toBe(176);
  });
});
