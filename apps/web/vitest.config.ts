import { defineConfig, mergeConfig } from "vitest/config";
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
      // See src/test/setup.ts: slow shared CI machines.
      testTimeout: 30_000,
      // CI has two cores; vitest's default (CPUs - 1) would run one file at a time there.
      maxWorkers: 2,
      // Imports (Mantine, the icons, the app's modules) cost far more than the tests: a worker keeps its module
      // cache from one file to the next. What a file may leave behind is reset after each test in src/test/setup.ts.
      isolate: false,
    },
  }),
);
