import {
  DEMAND_ACTIONS,
  POLICIES,
  ZAffiliationDemandSchema,
  ZDataSchema,
  ZDecideDemandSchema,
  ZDemandsQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZWaitingCountSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { decideDemand, getDemand, listDemands, waitingCount } from "./affiliation-requests.service";

const tags = ["contractors"];
const SUMMARIES = {
  approve: "Approve an affiliation invitation or request sent to the caller's side",
  deny: "Deny an affiliation invitation or request sent to the caller's side",
  cancel: "Cancel an affiliation invitation or request the caller's side sent",
} as const;

/** Affiliation demands, as both sides see them, and the navigation's waiting count. */
export const affiliationDemandRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/demands",
    {
      config: { access: POLICIES.affiliationParties },
      schema: {
        tags,
        summary: "Affiliation demands of the caller's enterprise or supplier, newest first",
        querystring: ZDemandsQuerySchema,
        response: { 200: ZPageSchema(ZAffiliationDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listDemands(ctx, callerOf(request), request.query),
  );

  // Every role has a badge; those with nothing to decide (a Responsible, an employee) get 0.
  app.get(
    "/demands/waiting-count",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "How many demands wait for the caller's decision",
        response: { 200: ZDataSchema(ZWaitingCountSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await waitingCount(ctx, callerOf(request)) }),
  );

  app.get(
    "/demands/:id",
    {
      config: { access: POLICIES.affiliationParties },
      schema: {
        tags,
        summary: "An affiliation demand",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZAffiliationDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getDemand(ctx, callerOf(request), request.params.id) }),
  );

  for (const action of DEMAND_ACTIONS) {
    app.post(
      `/demands/:id/${action}`,
      {
        config: { access: POLICIES.affiliationParties },
        schema: {
          tags,
          summary: SUMMARIES[action],
          params: ZIdParamsSchema,
          // No body at all is fine: Fastify hands such a request over as null.
          body: ZDecideDemandSchema.nullish(),
          response: { 200: ZDataSchema(ZAffiliationDemandSchema), ...ERROR_RESPONSES },
        },
      },
      async (request) => ({
        data: await decideDemand(ctx, callerOf(request), request.params.id, action, request.body?.remark),
      }),
    );
  }
};
