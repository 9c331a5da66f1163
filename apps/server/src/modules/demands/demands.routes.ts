import {
  POLICIES,
  ZDataSchema,
  ZDecideDemandSchema,
  ZDemandListQuerySchema,
  ZEnterpriseAccountDemandSchema,
  ZErrorSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { callerOf } from "../../plugins/auth";
import { decideEnterpriseDemand, listDemands } from "./demands.service";

const errors = { "4xx": ZErrorSchema, "5xx": ZErrorSchema };
const tags = ["admin"];

/** Registered under /api/admin: the admin's enterprise-account requests. */
export const adminDemandsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/demands",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Enterprise-account requests",
        querystring: ZDemandListQuerySchema,
        response: { 200: ZPageSchema(ZEnterpriseAccountDemandSchema), ...errors },
      },
    },
    async (request) => listDemands(ctx, request.query),
  );

  for (const [action, decision] of [
    ["approve", "approved"],
    ["deny", "denied"],
  ] as const) {
    app.post(
      `/demands/:id/${action}`,
      {
        config: { access: POLICIES.admin },
        schema: {
          tags,
          summary: `${action === "approve" ? "Approve" : "Deny"} an enterprise-account request`,
          params: ZIdParamsSchema,
          // No body at all is fine: Fastify hands such a request over as null.
          body: ZDecideDemandSchema.nullish(),
          response: { 200: ZDataSchema(ZEnterpriseAccountDemandSchema), ...errors },
        },
      },
      async (request) => ({
        data: await decideEnterpriseDemand(ctx, callerOf(request), request.params.id, decision, request.body?.remark),
      }),
    );
  }
};
