import { defineConfig, mergeConfig } from "vitest/config";
import { patient } from "./src/test/timeouts.ts";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "./src/test/jsdom-environment.ts",
      setupFiles: ["./src/test/setup.ts"],
      include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
      restoreMocks: true,
      unstubGlobals: true,
      // See src/test/setup.ts: slow shared CI machines; src/test/timeouts.ts: the suite run beside the browser tests.
      testTimeout: patient(30_000),
      hookTimeout: patient(10_000),
      // CI has two cores; vitest's default (CPUs - 1) would run one file at a time there.
      maxWorkers: 2,
      // Imports (Mantine, the icons, the app's modules) cost far more than the tests: a worker keeps its module
      // cache from one file to the next. What a file may leave behind is reset after each test in src/test/setup.ts.
      isolate: false,
      // A larger young generation for V8's garbage collector: rendering in jsdom allocates short-lived objects by the
      // million (React's fibers and elements, jsdom's style declarations), and with the default 16 MB each worker
      // spent ~5 % of its time in scavenges. Measured on the whole suite: 121 → 114 s (64 MB; 128 was no better, and the
      // server's tests, run the same way, did not change).
      execArgv: ["--max-semi-space-size=64"],
    },
  }),
);
