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
};
