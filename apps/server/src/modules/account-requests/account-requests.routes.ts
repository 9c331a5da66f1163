import {
  POLICIES,
  ZAdminDemandSchema,
  ZDataSchema,
  ZDecideDemandSchema,
  ZDemandListQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { decideDemand, listDemands } from "./account-requests.service";

const tags = ["admin"];

/** Registered under /api; its routes are /api/admin…: the admin's requests, for enterprise accounts and for credits (`?kind=`). */
export const accountRequestsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/admin/demands",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Enterprise-account requests, or credits requests with kind=credits",
        querystring: ZDemandListQuerySchema,
        response: { 200: ZPageSchema(ZAdminDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listDemands(ctx, request.query),
  );

  for (const [action, decision] of [
    ["approve", "approved"],
    ["deny", "denied"],
  ] as const) {
    app.post(
      `/admin/demands/:id/${action}`,
      {
        config: { access: POLICIES.admin },
        schema: {
          tags,
          summary: `${action === "approve" ? "Approve" : "Deny"} an enterprise-account or credits request (a credits denial needs a remark)`,
          params: ZIdParamsSchema,
          // No body at all is fine: Fastify hands such a request over as null.
          body: ZDecideDemandSchema.nullish(),
          response: { 200: ZDataSchema(ZAdminDemandSchema), ...ERROR_RESPONSES },
        },
      },
      async (request) => ({
        data: await decideDemand(ctx, callerOf(request), request.params.id, decision, request.body?.remark),
      }),
    );
  }
};
