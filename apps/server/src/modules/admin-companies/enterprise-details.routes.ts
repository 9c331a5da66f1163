import {
  POLICIES,
  ZAdminEnterpriseActivitySchema,
  ZAdminEnterpriseDivisionSchema,
  ZAdminEnterpriseUserSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZPageQuerySchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { enterpriseActivity, enterpriseDivisions, enterpriseUsers } from "./enterprise-details.service";

const tags = ["admin"];
const access = POLICIES.admin;

/** What the admin's enterprise profile shows beyond the company itself: divisions, people, activity. Under /api. */
export const enterpriseDetailsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/admin/enterprises/:id/divisions",
    {
      config: { access },
      schema: {
        tags,
        summary: "An enterprise's divisions, with their sector and manager counts",
        params: ZIdParamsSchema,
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZAdminEnterpriseDivisionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => enterpriseDivisions(ctx, request.params.id, request.query),
  );

  app.get(
    "/admin/enterprises/:id/users",
    {
      config: { access },
      schema: {
        tags,
        summary: "An enterprise's people (company accounts and managers) with their last sign-in",
        params: ZIdParamsSchema,
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZAdminEnterpriseUserSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => enterpriseUsers(ctx, request.params.id, request.query),
  );

  app.get(
    "/admin/enterprises/:id/activity",
    {
      config: { access },
      schema: {
        tags,
        summary: "An enterprise's permits sent per month (last 6 months) and its people's sign-ins",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZAdminEnterpriseActivitySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await enterpriseActivity(ctx, request.params.id) }),
  );
};
