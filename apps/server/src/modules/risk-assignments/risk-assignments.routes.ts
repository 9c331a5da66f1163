import {
  POLICIES,
  ZApplicableQuerySchema,
  ZApplicableSchema,
  ZDataSchema,
  ZRiskAssignmentInputSchema,
  ZRiskAssignmentQuerySchema,
  ZRiskAssignmentSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { applicable, getAssignment, putAssignment } from "./risk-assignments.service";

const tags = ["risks"];

/**
 * Registered under /api; its routes are /api/risk-assignments…. The enterprise edits; super-responsibles edit their division's when
 * the enterprise allows it; managers read the places they see.
 */
export const riskAssignmentsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/risk-assignments",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The assignment of a sector or sub-sector and a work type",
        querystring: ZRiskAssignmentQuerySchema,
        response: { 200: ZDataSchema(ZRiskAssignmentSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getAssignment(ctx, callerOf(request), request.query) }),
  );

  app.put(
    "/risk-assignments",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Replace the assignment of a sector or sub-sector and a work type",
        body: ZRiskAssignmentInputSchema,
        response: { 200: ZDataSchema(ZRiskAssignmentSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await putAssignment(ctx, callerOf(request), request.body) }),
  );

  app.get(
    "/risk-assignments/applicable",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "What applies to a place and work type (the sector's assignment and the sub-sector's additions)",
        querystring: ZApplicableQuerySchema,
        response: { 200: ZDataSchema(ZApplicableSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await applicable(ctx, callerOf(request), request.query) }),
  );
};
