import {
  POLICIES,
  ZAffiliationDemandSchema,
  ZContractorListQuerySchema,
  ZContractorProfileSchema,
  ZContractorSummarySchema,
  ZDataSchema,
  ZDecideDemandSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { detachContractor, getContractor, listContractors, reaffiliateContractor } from "./contractors.service";

const tags = ["contractors"];

/** The contractors (suppliers) affiliated with the caller's enterprise, or detached from it. */
export const contractorRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/contractors",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The enterprise's affiliated and detached contractors",
        querystring: ZContractorListQuerySchema,
        response: { 200: ZPageSchema(ZContractorSummarySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listContractors(ctx, callerOf(request), request.query),
  );

  app.get(
    "/contractors/:id",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "A contractor's profile, its employees' names and the affiliation's history",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZContractorProfileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getContractor(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/contractors/:id/detach",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "End the affiliation with a contractor (its history stays)",
        params: ZIdParamsSchema,
        body: ZDecideDemandSchema.nullish(),
        response: { 200: ZDataSchema(ZContractorProfileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await detachContractor(ctx, callerOf(request), request.params.id, request.body?.remark),
    }),
  );

  app.post(
    "/contractors/:id/reaffiliate",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Invite a detached contractor again",
        params: ZIdParamsSchema,
        response: { 201: ZDataSchema(ZAffiliationDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await reaffiliateContractor(ctx, callerOf(request), request.params.id) }),
  );
};
