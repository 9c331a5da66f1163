import {
  POLICIES,
  ZCreditPurchaseSchema,
  ZCreditSummarySchema,
  ZCreditTransactionSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZPageQuerySchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { creditDemandsRoutes } from "./credit-demands.routes";
import {
  enterpriseCreditSummary,
  enterpriseCreditTransactions,
  ownCreditSummary,
  ownCreditTransactions,
  purchaseCredits,
} from "./credits.service";

const tags = ["credits"];

/**
 * Permit credits (docs/domain.md, Domain model: Credit transaction): the enterprise reads its balance and ledger and asks for more,
 * the admin records purchases. Registered under /api; each route declares its own path.
 */
export const creditsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(creditDemandsRoutes, { ctx });
  app.get(
    "/credits",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The caller's enterprise's permit credits: bought, used, remaining, last transaction",
        response: { 200: ZDataSchema(ZCreditSummarySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await ownCreditSummary(ctx, callerOf(request)) }),
  );

  app.get(
    "/credits/transactions",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "The enterprise's credit ledger, newest first",
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZCreditTransactionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ownCreditTransactions(ctx, callerOf(request), request.query),
  );

  app.post(
    "/admin/enterprises/:id/credits",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Record a purchase of permit credits by an enterprise",
        params: ZIdParamsSchema,
        body: ZCreditPurchaseSchema,
        response: { 201: ZDataSchema(ZCreditSummarySchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await purchaseCredits(ctx, callerOf(request), request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    "/admin/enterprises/:id/credits",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "An enterprise's permit credits: bought, used, remaining, last transaction",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZCreditSummarySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await enterpriseCreditSummary(ctx, request.params.id) }),
  );

  app.get(
    "/admin/enterprises/:id/credits/transactions",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "An enterprise's credit ledger, newest first",
        params: ZIdParamsSchema,
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZCreditTransactionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => enterpriseCreditTransactions(ctx, request.params.id, request.query),
  );
};
