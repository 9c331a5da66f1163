import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { employeesRoutes } from "./employees.routes";
import { supplierCompanyRoutes } from "./supplier-company.routes";

/** Supplier company profile and logo, and employees. Registered under /api; each route declares its own path. */
export const contractorAccountsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(supplierCompanyRoutes, { ctx });
  await app.register(employeesRoutes, { ctx });
};
