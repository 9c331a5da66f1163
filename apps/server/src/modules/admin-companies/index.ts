import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { companiesRoutes } from "./companies.routes";
import { enterpriseDetailsRoutes } from "./enterprise-details.routes";

/** What the admin does with companies: the supplier and enterprise lists, disabling or enabling one, an enterprise's details. Registered under /api; each route declares its own path. */
export const adminCompaniesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(companiesRoutes, { ctx });
  await app.register(enterpriseDetailsRoutes, { ctx });
};
