import { POLICIES, ZDataSchema, ZErrorSchema } from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { AppError } from "../../lib/app-error";

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/health",
    {
      config: { access: POLICIES.public },
      schema: {
        tags: ["health"],
        summary: "Liveness and database check",
        response: {
          200: ZDataSchema(z.object({ status: z.literal("ok"), database: z.literal("ok") })),
          503: ZErrorSchema,
        },
      },
    },
    async (request) => {
      try {
        await ctx.pool.query("SELECT 1");
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw new AppError("SERVICE_UNAVAILABLE", "The database is unreachable.");
      }
      return { data: { status: "ok" as const, database: "ok" as const } };
    },
  );

  // The benchmark's baseline (npm run bench): a constant answer through every plugin a real route passes, so
  // the other routes' figures read as a share of what the framework alone can do on this machine.
  app.get(
    "/ping",
    {
      config: { access: POLICIES.public },
      schema: {
        tags: ["health"],
        summary: "A constant answer (benchmark baseline)",
        response: { 200: ZDataSchema(z.literal("pong")) },
      },
    },
    async () => ({ data: "pong" as const }),
  );
};
