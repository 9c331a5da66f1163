import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files whose subject is the embedded PostgreSQL itself (starting, stopping and killing it, backing it up
 * and restoring into a fresh one). `npm test` runs every file on one PostgreSQL: the embedded one, or the server at
 * TEST_DATABASE_URL. CI runs them all on PostgreSQL 15 (TEST_DATABASE_URL), where these files test their
 * DATABASE_URL path, then runs only these on the embedded PostgreSQL with TEST_EMBEDDED_ONLY=1 (see .ci/run).
 */
export const EMBEDDED_ONLY = [
  "test/server-lifecycle.test.ts",
  "test/crash-drill.test.ts",
  "test/backup-restore.test.ts",
];

/**
 * The fuzz shards (test/fuzz-*.test.ts) start first. Without timings of an earlier run (a fresh clone, as in CI)
 * vitest runs the largest files first, and the shards are four-line files that fuzz for a minute each: last in the
 * queue, they left one worker running alone for the suite's last ~50 s. The rest keeps vitest's own order (the
 * longest first once it has timings, else the largest).
 */
class FuzzShardsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isShard = (file: TestSpecification) => /[\\/]test[\\/]fuzz-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isShard), ...sorted.filter((file) => !isShard(file))];
  }
}

const embeddedOnly = process.env.TEST_EMBEDDED_ONLY === "1";
if (embeddedOnly && process.env.TEST_DATABASE_URL) {
  throw new Error("TEST_EMBEDDED_ONLY runs the embedded PostgreSQL's own tests: unset TEST_DATABASE_URL");
}

export default defineConfig({
  test: {
    include: embeddedOnly ? EMBEDDED_ONLY : ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Each test file gets its own database cloned from a migrated template; argon2 and PostgreSQL
    // share the machine's two cores, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app, drizzle, pg-boss, zod schemas… are
    // imported once per worker instead of once per file (most of a file's time). Every file still builds its own app
    // on its own database (createTestApp); what a file could leak to the next is kept per app (rate limits, the
    // verified-token cache, the mailbox) or per person (the helpers' token cache), and no test changes process.env.
    isolate: false,
    sequence: { sequencer: FuzzShardsFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
