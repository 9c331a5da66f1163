import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { COLLECTION_FILE, collectionOf, operationsOf, requestsOf, shareOf, type TDocument } from "../fuzz/collection";
import { expect, test } from "../support/test";

/**
 * The external fuzzer's collection (fuzz/collection.ts), made from the served document while the journeys run (a
 * project of its own that depends on nothing: playwright.config.ts); tests/external-fuzz.spec.ts sends it once they
 * are done. Kept without Portman's example answers, which Newman never sends.
 */
test("Portman turns the served API document into an example request for every operation and their fuzzing variations", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const document = (await (await request.get("/api/openapi.json")).json()) as TDocument;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-fuzz-"));
  try {
    const collection = shareOf(await collectionOf(document, work, baseURL!), 0, 1);
    const { examples, variations } = requestsOf(collection);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(200);
    expect(examples.length).toBe(operations.length);
    // Each operation's own example, by method: the counts of GET, POST… match the document's.
    const byMethod = (methods: string[]) => {
      const counts = new Map<string, number>();
      for (const method of methods) counts.set(method, (counts.get(method) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    expect(byMethod(examples.map((item) => item.request?.method ?? "?"))).toEqual(
      byMethod(operations.map((operation) => operation.split(" ")[0]!)),
    );
    expect(variations.length).toBeGreaterThan(1_500);
    fs.writeFileSync(COLLECTION_FILE, JSON.stringify(collection));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
