import {
  POLICIES,
  ZCreditDemandInputSchema,
  ZCreditDemandSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZPageQuerySchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { cancelCreditDemand, listOwnCreditDemands, requestCredits } from "./credit-demands.service";

const tags = ["credits"];
const access = POLICIES.enterprise;

/** The enterprise's requests for more permit credits (the admin decides them on its demands page). */
export const creditDemandsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.post(
    "/credits/demands",
    {
      config: { access },
      schema: {
        tags,
        summary: "Ask the admin for more permit credits (one pending request at a time)",
        body: ZCreditDemandInputSchema,
        response: { 201: ZDataSchema(ZCreditDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await requestCredits(ctx, callerOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    "/credits/demands",
    {
      config: { access },
      schema: {
        tags,
        summary: "The enterprise's credits requests, newest first",
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZCreditDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listOwnCreditDemands(ctx, callerOf(request), request.query),
  );

  app.post(
    "/credits/demands/:id/cancel",
    {
      config: { access },
      schema: {
        tags,
        summary: "Withdraw the enterprise's pending credits request",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZCreditDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await cancelCreditDemand(ctx, callerOf(request), request.params.id) }),
  );
};
