import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress-plugin";

export default defineConfig({
  plugins: [react(), precompress()],
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
            // The validation keys, limits and languages in a chunk of their own: bundled with the schemas that use
            // them (as the chunking left alone does), they bring zod to the sign-in page, which needs only them.
            { name: "shared-constants", test: /[\\/]packages[\\/]shared[\\/]src[\\/](validation|languages)\.ts$/ },
          ],
        },
      },
    },
  },
});
