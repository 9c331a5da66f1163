import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";

/** Supplier company profile and logo, employees, and the admin's supplier and enterprise lists (issue 5). Registered under /api; each route declares its own path. */
export const contractorAccountsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (_app, _options) => {};
