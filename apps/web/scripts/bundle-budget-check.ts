/** One chunk of Vite's build manifest (`.vite/manifest.json`), the fields the budget reads. */
export interface TManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type TManifest = Record<string, TManifestChunk>;

/** Budgets in KiB of gzipped JavaScript (bundle-budget.json). */
export interface TBudget {
  /** Everything the sign-in page loads: the entry, the sign-in route and their static imports. */
  signInPageKiB: number;
  /** Per route: the JavaScript that opening it adds to the entry's, keyed by the route module's source. */
  routesKiB: Record<string, number>;
  /** Routes with no line of their own (a page added since the budget was set). */
  otherRouteKiB: number;
}

export interface TMeasure {
  name: string;
  bytes: number;
  budgetKiB: number;
}

export const SIGN_IN_ROUTE = "src/features/auth/pages/sign-in-page.tsx";
/** The signed-in layout: every route but the signed-out ones below opens inside it, once it has loaded. */
export const AREA_LAYOUT_ROUTE = "src/app/layouts/area-layout.tsx";
/** Routes opened without the area layout: the auth pages and the public QR check pages. */
const SIGNED_OUT_ROUTES = [
  "src/features/auth/pages/",
  "src/features/permit-check/pages/",
  "src/features/worker-card/pages/worker-card-check-page.tsx",
];
const opensInArea = (route: string) =>
  route !== AREA_LAYOUT_ROUTE && !SIGNED_OUT_ROUTES.some((prefix) => route.startsWith(prefix));
const KiB = 1024;

/** The manifest keys a chunk pulls in before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: TManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk "${key}": was the build made with build.manifest?`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function entryKey(manifest: TManifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the build manifest, found ${entries.length}`);
  return entries[0]!;
}

export function routeKeys(manifest: TManifest): string[] {
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry)
    .sort();
}

/**
 * What the budget measures: the sign-in page's whole load, and for each lazy route the JavaScript it adds to
 * the entry's (its chunk and the shared chunks the entry did not already bring) — for a signed-in route, to the
 * entry's and the area layout's — which is what a user waits for when they first open it. Sizes come from `gzipSize(file)`, so this stays free of the file system.
 */
export function measureBundle(manifest: TManifest, budget: TBudget, gzipSize: (file: string) => number): TMeasure[] {
  const sizeOf = (keys: Iterable<string>) => {
    let total = 0;
    for (const key of keys) {
      const file = manifest[key]!.file;
      if (file.endsWith(".js")) total += gzipSize(file);
    }
    return total;
  };
  const entry = staticClosure(manifest, entryKey(manifest));
  const signIn = staticClosure(manifest, SIGN_IN_ROUTE, new Set(entry));
  const measures: TMeasure[] = [
    { name: "sign-in page (all it loads)", bytes: sizeOf(signIn), budgetKiB: budget.signInPageKiB },
  ];
  // What a signed-in route adds is what the area layout (loaded before it) does not already hold.
  const area = manifest[AREA_LAYOUT_ROUTE] ? staticClosure(manifest, AREA_LAYOUT_ROUTE, new Set(entry)) : entry;
  for (const route of routeKeys(manifest)) {
    const before = opensInArea(route) ? area : entry;
    const added = [...staticClosure(manifest, route)].filter((key) => !before.has(key));
    measures.push({ name: route, bytes: sizeOf(added), budgetKiB: budget.routesKiB[route] ?? budget.otherRouteKiB });
  }
  return measures;
}

export function overBudget(measures: TMeasure[]): TMeasure[] {
  return measures.filter((measure) => measure.bytes > measure.budgetKiB * KiB);
}

/** Budget lines that name a route the build no longer has: worth removing, not worth failing for. */
export function staleBudgetLines(manifest: TManifest, budget: TBudget): string[] {
  const routes = new Set(routeKeys(manifest));
  return Object.keys(budget.routesKiB).filter((route) => !routes.has(route));
}

/**
 * A budget a little over today's figures (`headroom` 0.1 = +10 %), rounded up to whole KiB. Small routes get
 * at least `minHeadroomKiB`: the bundler moves shared helpers between chunks as other pages change, which
 * shifts a small route by a KiB or two without anyone adding to it.
 */
/**
 * Today's figures plus headroom; the sign-in page's line is never above `signInCapKiB` (its performance goal: CI
 * holds the first page to it, headroom or not).
 */
export function budgetFromMeasures(
  measures: TMeasure[],
  headroom: number,
  minHeadroomKiB: number,
  signInCapKiB = Number.POSITIVE_INFINITY,
): TBudget {
  // The epsilon keeps float noise (90 × 1.1 = 99.000…01) from adding a KiB.
  const withHeadroom = (bytes: number) =>
    Math.ceil(Math.max((bytes / KiB) * (1 + headroom), bytes / KiB + minHeadroomKiB) - 1e-9);
  const [signIn, ...routes] = measures;
  const routesKiB = Object.fromEntries(routes.map((route) => [route.name, withHeadroom(route.bytes)]));
  return {
    signInPageKiB: Math.min(signInCapKiB, withHeadroom(signIn!.bytes)),
    routesKiB,
    otherRouteKiB: Math.max(0, ...Object.values(routesKiB)),
  };
}

export function formatKiB(bytes: number): string {
  return `${(bytes / KiB).toFixed(1)} KiB`;
}
