import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { E2E_DATA_DIR } from "../playwright.config";

/**
 * The external fuzzer's requests (docs/reliability.md, "The external fuzzer"): Portman turns the served
 * /api/openapi.json into a Postman collection — each operation's example request, and its fuzzing variations (a
 * required field or query parameter left out, a text one character too short or too long, a number past its minimum
 * or maximum). tests/external-fuzz-collection.spec.ts makes it while the journeys run (the document is the same all
 * run long, and the conversion is ~15 s of CPU that no longer runs alone at the end); tests/external-fuzz.spec.ts
 * sends it once they are done.
 */

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const PORTMAN = path.join(path.dirname(require.resolve("@apideck/portman/package.json")), "bin", "portman");
const CONFIG = path.join(here, "portman-config.json");
const execFileAsync = promisify(execFile);

/** Where the collection is kept between the two specs: the run's own data directory, emptied at every start. */
export const COLLECTION_FILE = path.join(E2E_DATA_DIR, "fuzz-collection.json");

/**
 * Operations left out: signing out ends the session whose token every later request carries, so everything after it
 * would only be refused (401), fuzzing nothing.
 */
export const LEFT_OUT = ["/api/auth/sign-out"];

export interface TItem {
  name: string;
  item?: TItem[];
  request?: { method?: string };
  response?: unknown[];
}
export interface TCollection {
  item: TItem[];
}
export interface TDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** The document's operations (method and path), without those left out. */
export function operationsOf(document: TDocument): string[] {
  return Object.entries(document.paths)
    .filter(([url]) => !LEFT_OUT.includes(url))
    .flatMap(([url, item]) =>
      Object.keys(item)
        .filter((method) => ["get", "put", "post", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${url}`),
    );
}

/** The collection's requests: the examples (one per operation) and the fuzzing variations. */
export function requestsOf(collection: TCollection) {
  const examples: TItem[] = [];
  const variations: TItem[] = [];
  const walk = (items: TItem[], inVariations: boolean) => {
    for (const item of items) {
      if (item.item) walk(item.item, inVariations || item.name === "Variation Tests");
      else (inVariations ? variations : examples).push(item);
    }
  };
  walk(collection.item, false);
  return { examples, variations };
}

/**
 * The collection for one role: every example request, and every `count`-th variation from `offset`. Without the
 * example answers Portman stores beside each request (`response`, 95 % of the collection's 57 MB): Newman never sends
 * them, and copying them with every request cost it a third of its CPU.
 */
export function shareOf(collection: TCollection, offset: number, count: number): TCollection {
  let index = 0;
  const keep = (items: TItem[], inVariations: boolean): TItem[] =>
    items.flatMap((item): TItem[] => {
      if (item.item) {
        const children = keep(item.item, inVariations || item.name === "Variation Tests");
        return children.length > 0 ? [{ ...item, item: children }] : [];
      }
      const request: TItem = { ...item, response: [] };
      if (!inVariations) return [request];
      return index++ % count === offset ? [request] : [];
    });
  return { ...collection, item: keep(collection.item, false) };
}

/**
 * Portman's collection for the document (its operations left out removed), converted in two halves (every other
 * path) side by side: a conversion works in one thread for ~16 s. The halves' requests are the whole's.
 */
export async function collectionOf(document: TDocument, work: string, baseURL: string): Promise<TCollection> {
  const paths = Object.entries(document.paths).filter(([url]) => !LEFT_OUT.includes(url));
  const halves = await Promise.all(
    [0, 1].map(async (half) => {
      const input = path.join(work, `openapi-${half}.json`);
      const output = path.join(work, `collection-${half}.json`);
      const own = Object.fromEntries(paths.filter((_, index) => index % 2 === half));
      fs.writeFileSync(input, JSON.stringify({ ...document, paths: own }));
      await execFileAsync(process.execPath, [PORTMAN, "-l", input, "-c", CONFIG, "-b", baseURL, "-o", output], {
        cwd: work,
        maxBuffer: 64 * 1024 * 1024,
      });
      return JSON.parse(fs.readFileSync(output, "utf8")) as TCollection;
    }),
  );
  return { ...halves[0]!, item: halves.flatMap((half) => half.item) };
}
