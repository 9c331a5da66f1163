import { POLICIES, ZDataSchema, ZIdParamsSchema, ZPublicWorkerCardSchema, ZWorkerCardSchema } from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { publicWorkerCard, reissueWorkerCard, workerCard } from "./worker-cards.service";

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
};
