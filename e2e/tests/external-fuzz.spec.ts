import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COLLECTION_FILE, shareOf, type TCollection } from "../fuzz/collection";
import type { TRunInput, TRunOutput } from "../fuzz/newman-run";
import { bearerOf } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { expect, test } from "../support/test";

/**
 * An API fuzzer nobody on the project wrote, driven by the document the server serves (docs/reliability.md,
 * "The external fuzzer"): Portman turns /api/openapi.json into a Postman collection — each operation's example
 * request, and its fuzzing variations (fuzz/collection.ts; made while the journeys run by
 * tests/external-fuzz-collection.spec.ts) — and Newman, Postman's runner, sends them. Any answer of 500
 * or more fails the run: read here from Newman's summary, not by a Postman test script in each request (Portman's
 * `tests` are left empty in fuzz/portman-config.json), whose sandbox cost Newman a quarter of its CPU for the same
 * check. The variations are derived from the document, not drawn at random: the same document gives
 * the same requests (a fixed seed, in effect), and their number is bounded by it.
 *
 * It runs last (its own project, after every journey and the collection: playwright.config.ts), since its requests
 * create and change things the journeys would otherwise see.
 */

const NEWMAN_RUN = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fuzz", "newman-run.ts");

/** The three roles it fuzzes as: the platform's admin, a principal and a contractor. */
const ROLES = [DEMO.admin, DEMO.enterprise, DEMO.supplier] as const;

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
}) => {
  test.setTimeout(600_000);
  const collection = JSON.parse(fs.readFileSync(COLLECTION_FILE, "utf8")) as TCollection;
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
});
