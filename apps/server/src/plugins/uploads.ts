import multipart from "@fastify/multipart";
import { SECTOR_MAP_MAX_BYTES } from "@openpermit/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";

const MULTIPART = "multipart/form-data";

/**
 * File uploads. Only routes that declare `consumes: ["multipart/form-data"]` take multipart bodies; every
 * other route refuses them with 415 as before (a cross-site form can send multipart without a preflight).
 * Each upload route reads its file with its own size limit (lib/uploads.ts), at most this one.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fileSize: SECTOR_MAP_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 50 },
  });
  app.addHook("onRequest", async (request) => {
    const type = request.headers["content-type"]?.toLowerCase() ?? "";
    if (type.startsWith("multipart/") && !request.routeOptions.schema?.consumes?.includes(MULTIPART)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This address takes JSON.");
    }
  });
});
