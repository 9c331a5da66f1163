import {
  POLICIES,
  ZDataSchema,
  ZEnterpriseReadQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZRiskInputSchema,
  ZRiskListQuerySchema,
  ZRiskSchema,
  ZRiskUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { createRisk, deleteRisk, getRisk, listRisks, updateRisk } from "./risks.service";

const tags = ["risks"];

/** Registered under /api; its routes are /api/risks…. The enterprise edits; its managers read. */
export const risksRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/risks",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The enterprise's risks (`critical=true`: the critical risks)",
        querystring: ZRiskListQuerySchema,
        response: { 200: ZPageSchema(ZRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listRisks(ctx, callerOf(request), request.query),
  );

  app.get(
    "/risks/:id",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A risk",
        params: ZIdParamsSchema,
        querystring: ZEnterpriseReadQuerySchema,
        response: { 200: ZDataSchema(ZRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getRisk(ctx, callerOf(request), request.params.id, request.query.enterpriseId) }),
  );

  app.post(
    "/risks",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Add a risk",
        body: ZRiskInputSchema,
        response: { 201: ZDataSchema(ZRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createRisk(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/risks/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Edit a risk",
        params: ZIdParamsSchema,
        body: ZRiskUpdateSchema,
        response: { 200: ZDataSchema(ZRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateRisk(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/risks/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Delete a risk (permits that name it keep it; it leaves the risk assignments)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteRisk(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
