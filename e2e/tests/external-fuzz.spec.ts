import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
}
interface TNewmanSummary {
  run: {
    failures: { source?: { name?: string }; error: { message: string } }[];
    executions: { item: { name: string }; response?: { code: number } }[];
  };
}
type TNewman = {
  run: (options: Record<string, unknown>, done: (error: Error | null, summary: TNewmanSummary) => void) => void;
};
const newman = require("newman") as TNewman;

/** The collection for one role: every example request, and every `count`-th variation from `offset`. */
function shareOf(collection: { item: TItem[] }, offset: number, count: number) {
  let index = 0;
  const keep = (items: TItem[], inVariations: boolean): TItem[] =>
    items.flatMap((item) => {
      if (item.item) {
        const children = keep(item.item, inVariations || item.name === "Variation Tests");
        return children.length > 0 ? [{ ...item, item: children }] : [];
      }
      if (!inVariations) return [item];
      return index++ % count === offset ? [item] : [];
    });
  return { ...collection, item: keep(collection.item, false) };
}

function run(collection: unknown, token: string): Promise<TNewmanSummary> {
  return new Promise((resolve, reject) =>
    newman.run(
      { collection, envVar: [{ key: "bearerToken", value: token }], reporters: [], timeoutRequest: 15_000 },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
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
    fs.writeFileSync(path.join(work, "openapi.json"), JSON.stringify(document));
    const output = path.join(work, "collection.json");
    execFileSync(process.execPath, [PORTMAN, "-l", "openapi.json", "-c", CONFIG, "-b", baseURL!, "-o", output], {
      cwd: work,
      stdio: "pipe",
    });
    const collection = JSON.parse(fs.readFileSync(output, "utf8")) as { item: TItem[] };
    const tokens = await Promise.all(
      ROLES.map(async (role) => (await bearerOf(request, role.email)).authorization.replace("Bearer ", "")),
    );
    const summaries = await Promise.all(ROLES.map((_, i) => run(shareOf(collection, i, ROLES.length), tokens[i]!)));
    const executions = summaries.flatMap((s) => s.run.executions);
    const serverErrors = executions
      .filter((e) => (e.response?.code ?? 0) >= 500)
      .map((e) => `${e.item.name}: ${e.response?.code}`);
    const failures = summaries.flatMap((s) => s.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`));
    console.log(
      `external fuzzer: ${executions.length} requests, ${serverErrors.length} server errors, ${failures.length} failures`,
    );
    // It must have reached the API for real: most requests answered, and by more than refusals of the token.
    expect(executions.filter((e) => e.response).length).toBeGreaterThan(2_000);
    expect(executions.filter((e) => e.response?.code === 400).length).toBeGreaterThan(500);
    expect(serverErrors).toEqual([]);
    expect(failures).toEqual([]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
