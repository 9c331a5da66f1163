import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { permitFileRoutes } from "./permit-files.routes";
import { permitRoutes } from "./permits.routes";

/** Permits (issue 6): drafts, files, the workflow, history. Registered under /api; each route declares its path. */
export const permitsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(permitRoutes, { ctx });
  await app.register(permitFileRoutes, { ctx });
};
