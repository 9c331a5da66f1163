import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { affiliationDemandRoutes } from "./affiliation-requests.routes";
import { affiliationRequestRoutes } from "./affiliations.routes";
import { contractorRoutes } from "./contractors.routes";

/** Affiliations between enterprises and suppliers, their demands, the enterprise directory and the contractors a principal sees. Registered under /api; each route declares its own path. */
export const affiliationsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(affiliationRequestRoutes, { ctx });
  await app.register(affiliationDemandRoutes, { ctx });
  await app.register(contractorRoutes, { ctx });
};
