import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * The server as `npm start` runs it: `dist/main.js` and `dist/demo.js`, each our sources and the shared package in
 * one file (the packages of node_modules stay where they are and load as they are), with their source maps, and
 * `dist/migrations` (the SQL the server applies at start). Node loads this in ~1.4 s and ~1.8 CPU-seconds, where
 * running the sources through tsx's loader took ~3.7 s and ~5.9 (docs/decisions.md, "The server runs as one bundled
 * file"). `npm run build` writes it; the tests that start the real server as a process build it first.
 */
export const SERVER_DIST = path.resolve(import.meta.dirname, "..", "dist");
const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const MIGRATIONS = path.join(SERVER_DIR, "src", "db", "migrations");
const ENTRIES = { main: "src/main.ts", demo: "src/demo.ts" } as const;

/** Every bare import stays a runtime import of node_modules, except our workspace packages (TypeScript source). */
const packagesStayExternal: Plugin = {
  name: "packages-stay-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@openpermit/") ? undefined : { external: true },
    );
  },
};

/**
 * Writes a file whole or not at all (a temporary name, then a rename): two test runs may build at once, and a
 * server starting meanwhile must never read half a file.
 */
function writeAtomically(file: string, contents: Uint8Array | string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/** Builds the bundles and copies the migrations into `outDir` (SERVER_DIST by default). */
export async function bundleServer(outDir: string = SERVER_DIST): Promise<void> {
  const result = await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    write: false,
    logLevel: "warning",
    plugins: [packagesStayExternal],
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  // Only what the migrator reads: the SQL files and the journal that orders them (the snapshots are drizzle-kit's).
  const sql = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql"));
  for (const name of sql)
    writeAtomically(path.join(outDir, "migrations", name), fs.readFileSync(path.join(MIGRATIONS, name)));
  const journal = path.join("meta", "_journal.json");
  writeAtomically(path.join(outDir, "migrations", journal), fs.readFileSync(path.join(MIGRATIONS, journal)));
}

let once: Promise<string> | undefined;
/** The bundle, built once per process (a test file that starts the server as a process); resolves to its folder. */
export function serverBundle(): Promise<string> {
  once ??= bundleServer().then(() => SERVER_DIST);
  return once;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await bundleServer();
  console.log(
    `server bundled into ${path.relative(process.cwd(), SERVER_DIST) || "."} in ${Math.round(performance.now() - started)} ms`,
  );
}
