/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(js|css|html|json|svg)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes a `.br` and a `.gz` next to every text file of the build (scripts, styles, the page, the locales), which
 * the server sends to browsers that accept them (`preCompressed` of @fastify/static): the app's JavaScript is
 * a third of its size on the wire, and the server spends no CPU compressing it at each request.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "openpermit-precompress",
    apply: "build",
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = [...filesUnder(outDir)].filter((file) => TEXT.test(file) && fs.statSync(file).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const data = fs.readFileSync(file);
          // Quality 9, not 11: 5 % larger, five times faster to build (measured on this app: 2 s against 11 s).
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
            gzip(data, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}
