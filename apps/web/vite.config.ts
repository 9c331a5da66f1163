import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress-plugin";
import { versionedLocales } from "./scripts/versioned-locales-plugin";

export default defineConfig({
  plugins: [react(), versionedLocales(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle-budget.ts to know which chunks each page loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared package's modules only declare schemas and constants: a page that imports one schema
        // should not carry every other (zod calls are not known to be pure, so they would all be kept).
        moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in one file: the page runs all of it before anything shows,
            // and the bundler's own chunking split it into thirty files, each a request (and a parse) on a phone.
            { name: "boot", tags: ["$initial"] },
          ],
        },
      },
    },
  },
});
