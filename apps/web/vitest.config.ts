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
      // See src/test/setup.ts: slow shared CI machines.
      testTimeout: 30_000,
    },
  }),
);
