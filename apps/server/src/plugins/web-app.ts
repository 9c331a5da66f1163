import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { answerUnrouted, errorBody } from "./errors";

/** Whether the path is a file; a name the system refuses (too long, ENAMETOOLONG) is no file of ours either. */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * Serves the built web app on the same origin as the API, with history fallback: any GET that is not
 * an API call or a file gets index.html, and the app's router takes over. Unknown API paths get a
 * JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const index = path.join(opts.webDist, "index.html");
  const hasWebApp = fs.existsSync(index);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // No route of its own: the one route below serves every file through `reply.sendFile`. Left to serve, the
      // plugin registered a GET and a HEAD route per file of the build (~2,400 routes), ~0.7 s of every start.
      serve: false,
      index: false,
      // The build writes .br and .gz next to its text files (apps/web/scripts/precompress-plugin.ts).
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, file) => {
        res.header(
          "Cache-Control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    app.get("/*", { config: { access: "public" } }, async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      if (pathname === "/api" || pathname.startsWith("/api/")) return answerUnrouted(request, reply);
      let wanted: string;
      try {
        wanted = path.normalize(decodeURIComponent(pathname));
      } catch {
        return reply.status(404).send(errorBody("NOT_FOUND"));
      }
      const file = path.join(opts.webDist, wanted);
      if (file.startsWith(opts.webDist + path.sep) && isFile(file)) {
        return reply.sendFile(path.relative(opts.webDist, file));
      }
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    });
  } else {
    app.log.warn({ webDist: opts.webDist }, "no built web app found: run `npm run build` (npm start does it)");
  }

  app.setNotFoundHandler(answerUnrouted);
});
