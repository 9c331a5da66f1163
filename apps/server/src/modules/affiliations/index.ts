import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";

/** Affiliations between enterprises and suppliers, their demands, the enterprise directory and the contractors a principal sees (issue 5). Registered under /api; each route declares its own path. */
export const affiliationsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (_app, _options) => {};
