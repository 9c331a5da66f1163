import {
  POLICIES,
  V,
  WORKER_PHOTO_MAX_BYTES,
  WORKER_PHOTO_TYPES,
  ZDataSchema,
  ZIdParamsSchema,
  ZPublicWorkerCardSchema,
  ZWorkerCardSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { publicWorkerCard, reissueWorkerCard, workerCard } from "./worker-cards.service";
import { openPublicWorkerPhoto, openWorkerPhoto, removeWorkerPhoto, replaceWorkerPhoto } from "./worker-photo.service";

const photoAnswer = fileResponses("The photo's bytes, with their content type", WORKER_PHOTO_TYPES);

const ZCardTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const cardResponse = { 200: ZDataSchema(ZWorkerCardSchema), ...ERROR_RESPONSES };

/** The worker's card, its code's re-issue, and the public page its QR code opens. */
export const workerCardsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/workers/:id/card",
    {
      config: { access: POLICIES.workerCardReaders },
      schema: {
        tags: ["compliance"],
        summary: "A worker's card: competences and inductions per enterprise, cleared for site today or not",
        params: ZIdParamsSchema,
        response: cardResponse,
      },
    },
    async (request, reply) => {
      const data = await workerCard(ctx, callerOf(request), request.params.id, new Date());
      return reply.header("Cache-Control", "private, no-store").send({ data });
    },
  );

  app.post(
    "/workers/:id/card/reissue",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags: ["compliance"],
        summary: "A new code for the worker's card (the supplier): the old QR code stops working",
        params: ZIdParamsSchema,
        response: cardResponse,
      },
    },
    async (request, reply) => {
      const data = await reissueWorkerCard(ctx, callerOf(request), request.params.id, new Date());
      return reply.header("Cache-Control", "private, no-store").send({ data });
    },
  );

  app.get(
    "/public/worker-cards/:token",
    {
      // A gatekeeper scans it signed out; limited per address like the permit check (tokens are 256-bit anyway).
      config: { access: POLICIES.public, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["public"],
        summary: "The public page of a worker's card (its QR code): name, company, cleared for site today or not",
        params: ZCardTokenParamsSchema,
        response: { 200: ZDataSchema(ZPublicWorkerCardSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await publicWorkerCard(ctx, request.params.token, new Date());
      // It is about today: never serve a stale "cleared" from a cache.
      return reply.header("Cache-Control", "no-store").send({ data });
    },
  );

  app.put(
    "/workers/:id/card/photo",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags: ["compliance"],
        summary:
          "Give the worker's photo (the supplier): multipart/form-data, field `photo`, PNG, JPEG or WebP, ≤ 2 MB",
        ...uploadSchema("photo"),
        params: ZIdParamsSchema,
        response: cardResponse,
      },
    },
    async (request, reply) => {
      const receive = () => readUpload(request, "photo", WORKER_PHOTO_MAX_BYTES, V.invalidValue);
      await replaceWorkerPhoto(ctx, callerOf(request), request.params.id, receive);
      const data = await workerCard(ctx, callerOf(request), request.params.id, new Date());
      return reply.header("Cache-Control", "private, no-store").send({ data });
    },
  );

  app.delete(
    "/workers/:id/card/photo",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags: ["compliance"],
        summary: "Remove the worker's photo (the supplier); a card without one is answered as it is",
        params: ZIdParamsSchema,
        response: cardResponse,
      },
    },
    async (request, reply) => {
      await removeWorkerPhoto(ctx, callerOf(request), request.params.id);
      const data = await workerCard(ctx, callerOf(request), request.params.id, new Date());
      return reply.header("Cache-Control", "private, no-store").send({ data });
    },
  );

  app.get(
    "/workers/:id/card/photo",
    {
      config: { access: POLICIES.workerCardReaders },
      schema: {
        tags: ["compliance"],
        summary: "The worker's photo, for whoever reads the card",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: photoAnswer,
      },
    },
    async (request, reply) =>
      sendStoredFile(ctx, reply, await openWorkerPhoto(ctx, callerOf(request), request.params.id)),
  );

  app.get(
    "/public/worker-cards/:token/photo",
    {
      config: { access: POLICIES.public, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["public"],
        summary: "The photo on a worker's card's public page, while its code is current",
        params: ZCardTokenParamsSchema,
        response: photoAnswer,
      },
    },
    async (request, reply) => sendStoredFile(ctx, reply, await openPublicWorkerPhoto(ctx, request.params.token)),
  );
};
