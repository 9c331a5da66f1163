/// <reference types="node" />
/**
 * `npm run budget -w @openpermit/web [-- --dist <dir>] [-- --write]`: after `vite build`, prints the gzipped
 * JavaScript the sign-in page loads and what each route adds, and exits 1 when one is over bundle-budget.json.
 * `--write` sets the budgets to today's figures + 10 % (at least 3 KiB), the sign-in page's never above its goal (after a
 * deliberate change, with a reason in the commit).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import {
  budgetFromMeasures,
  formatKiB,
  measureBundle,
  overBudget,
  staleBudgetLines,
  type TBudget,
  type TManifest,
} from "./bundle-budget-check";

/** The sign-in page's goal, and its budget line: the first page anyone loads, on a phone on site. */
const SIGN_IN_GOAL_KiB = 200;
const HEADROOM = 0.1;
const MIN_HEADROOM_KiB = 3;
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const budgetFile = path.join(webRoot, "bundle-budget.json");

const { values } = parseArgs({
  options: { dist: { type: "string" }, write: { type: "boolean", default: false } },
});
const dist = path.resolve(values.dist ?? path.join(webRoot, "dist"));
const manifestFile = path.join(dist, ".vite", "manifest.json");
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as TManifest;
// The level a web server or CDN typically uses; what users download when the app is served compressed.
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length;

if (values.write) {
  const empty: TBudget = { signInPageKiB: 0, routesKiB: {}, otherRouteKiB: 0 };
  const budget = budgetFromMeasures(
    measureBundle(manifest, empty, gzipSize),
    HEADROOM,
    MIN_HEADROOM_KiB,
    SIGN_IN_GOAL_KiB,
  );
  fs.writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
  console.log(
    `Wrote ${path.relative(process.cwd(), budgetFile)}: today's figures + ${HEADROOM * 100} % (at least ${MIN_HEADROOM_KiB} KiB).`,
  );
  process.exit(0);
}

const budget = JSON.parse(fs.readFileSync(budgetFile, "utf8")) as TBudget;
const measures = measureBundle(manifest, budget, gzipSize);
const width = Math.max(...measures.map((measure) => measure.name.length));
console.log(`Gzipped JavaScript (${dist})`);
for (const measure of measures) {
  const share = Math.round((measure.bytes / (measure.budgetKiB * 1024)) * 100);
  console.log(
    `  ${measure.name.padEnd(width)}  ${formatKiB(measure.bytes).padStart(10)}  ${share}% of ${measure.budgetKiB} KiB`,
  );
}
const signIn = measures[0]!;
console.log(
  `Sign-in page: ${formatKiB(signIn.bytes)} (goal ≤ ${SIGN_IN_GOAL_KiB} KiB: ${signIn.bytes <= SIGN_IN_GOAL_KiB * 1024 ? "met" : "NOT met"}).`,
);
for (const route of staleBudgetLines(manifest, budget)) console.warn(`Budget line for a route that is gone: ${route}`);

const over = overBudget(measures);
if (over.length > 0) {
  for (const measure of over) {
    console.error(`OVER BUDGET: ${measure.name} is ${formatKiB(measure.bytes)}, its budget ${measure.budgetKiB} KiB.`);
  }
  console.error(
    "Split the code (a lazy import) or drop a dependency; if the growth is deliberate, raise the budget in " +
      "apps/web/bundle-budget.json (npm run budget -w @openpermit/web -- --write) and say why in the commit.",
  );
  process.exit(1);
}
console.log("All within budget.");
