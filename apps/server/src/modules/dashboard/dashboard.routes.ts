import {
  POLICIES,
  ZAdminDashboardSchema,
  ZDashboardQuerySchema,
  ZDashboardSchema,
  ZDataSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { adminDashboard, callerDashboard } from "./dashboard.service";

const tags = ["dashboard"];
/** Figures change with every transition: never from a cache. */
const noStore = "private, no-store";

/** The `default` page's figures: each role's own (in its scope), and the platform's for the admin. Under /api. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/dashboard",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "The caller's figures: what waits, what runs, what starts today, what overran (by role and scope)",
        querystring: ZDashboardQuerySchema,
        response: { 200: ZDataSchema(ZDashboardSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", noStore);
      return { data: await callerDashboard(ctx, callerOf(request), request.query.tz) };
    },
  );

  app.get(
    "/admin/dashboard",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "The platform's figures: companies by status, pending demands, permit credits sold and used",
        response: { 200: ZDataSchema(ZAdminDashboardSchema), ...ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", noStore);
      return { data: await adminDashboard(ctx) };
    },
  );
};
