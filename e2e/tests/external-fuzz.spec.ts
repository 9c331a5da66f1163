import { execFile, fork } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TRunInput, TRunOutput } from "../fuzz/newman-run";
import { bearerOf } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { expect, test } from "../support/test";

/**
 * An API fuzzer nobody on the project wrote, driven by the document the server serves (docs/reliability.md,
 * "The external fuzzer"): Portman turns /api/openapi.json into a Postman collection — each operation's example
 * request, and its fuzzing variations (a required field or query parameter left out, a text one character too short
 * or too long, a number past its minimum or maximum) — and Newman, Postman's runner, sends them. Any answer of 500
 * or more fails the run: read here from Newman's summary, not by a Postman test script in each request (Portman's
 * `tests` are left empty in fuzz/portman-config.json), whose sandbox cost Newman a quarter of its CPU for the same
 * check. The variations are derived from the document, not drawn at random: the same document gives
 * the same requests (a fixed seed, in effect), and their number is bounded by it.
 *
 * It runs last (its own project, after every journey: playwright.config.ts), since its requests create and change
 * things the journeys would otherwise see.
 */

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const PORTMAN = path.join(path.dirname(require.resolve("@apideck/portman/package.json")), "bin", "portman");
const CONFIG = path.join(here, "..", "fuzz", "portman-config.json");
const execFileAsync = promisify(execFile);
const NEWMAN_RUN = path.join(here, "..", "fuzz", "newman-run.ts");

/** The three roles it fuzzes as: the platform's admin, a principal and a contractor. */
const ROLES = [DEMO.admin, DEMO.enterprise, DEMO.supplier] as const;

/**
 * Operations left out: signing out ends the session whose token every later request carries, so everything after it
 * would only be refused (401), fuzzing nothing.
 */
const LEFT_OUT = ["/api/auth/sign-out"];

interface TItem {
  name: string;
  item?: TItem[];
  response?: unknown[];
}
/**
 * The collection for one role: every example request, and every `count`-th variation from `offset`. Without the
 * example answers Portman stores beside each request (`response`, 95 % of the collection's 57 MB): Newman never sends
 * them, and copying them with every request cost it a third of its CPU.
 */
function shareOf(collection: { item: TItem[] }, offset: number, count: number) {
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
 * Portman's collection for the document, converted in two halves (every other path) side by side: a conversion works
 * in one thread for ~16 s, and the cores were otherwise idle then. The halves' requests are the whole's.
 */
async function collectionOf(document: { paths: Record<string, unknown> }, work: string, baseURL: string) {
  const paths = Object.entries(document.paths);
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
      return JSON.parse(fs.readFileSync(output, "utf8")) as { item: TItem[] };
    }),
  );
  return { ...halves[0]!, item: halves.flatMap((half) => half.item) };
}

/** Runs Newman in a process of its own (fuzz/newman-run.ts): the roles' runs share both cores. */
function run(collection: unknown, token: string): Promise<TRunOutput> {
  return new Promise((resolve, reject) => {
    const child = fork(NEWMAN_RUN, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let output: TRunOutput | { error: string } | undefined;
    child.once("message", (message) => {
      output = message as TRunOutput | { error: string };
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (output && !("error" in output)) resolve(output);
      else reject(new Error(`Newman's run ended with code ${code}: ${output?.error ?? "no summary"}`));
    });
    child.send({ collection, token } satisfies TRunInput);
  });
}

test("an external fuzzer, driven by the served API document, gets no server error as the admin, an enterprise and a supplier", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const document = await (await request.get("/api/openapi.json")).json();
  for (const leftOut of LEFT_OUT) delete document.paths[leftOut];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-fuzz-"));
  try {
    const collection = await collectionOf(document, work, baseURL!);
    const tokens = await Promise.all(
      ROLES.map(async (role) => (await bearerOf(request, role.email)).authorization.replace("Bearer ", "")),
    );
    const summaries = await Promise.all(ROLES.map((_, i) => run(shareOf(collection, i, ROLES.length), tokens[i]!)));
    const executions = summaries.flatMap((s) => s.executions);
    const serverErrors = executions.filter((e) => (e.code ?? 0) >= 500).map((e) => `${e.name}: ${e.code}`);
    const failures = summaries.flatMap((s) => s.failures);
    console.log(
      `external fuzzer: ${executions.length} requests, ${serverErrors.length} server errors, ${failures.length} failures`,
    );
    // It must have reached the API for real: most requests answered, and by more than refusals of the token.
    expect(executions.filter((e) => e.code !== undefined).length).toBeGreaterThan(2_000);
    expect(executions.filter((e) => e.code === 400).length).toBeGreaterThan(500);
    expect(serverErrors).toEqual([]);
    expect(failures).toEqual([]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
