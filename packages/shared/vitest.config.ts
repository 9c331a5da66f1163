import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // CI has two cores; vitest's default (CPUs - 1) would run one file at a time there.
    maxWorkers: 2,
    // The tests are of pure functions and schemas (no mocks, no globals, no environment): a worker keeps its module
    // cache from one file to the next instead of importing zod and the schemas again for each, which cost most of
    // the suite's ten seconds against well under one of tests.
    isolate: false,
  },
});
