import {
  POLICIES,
  ZCriticalityQuerySchema,
  ZCriticalitySchema,
  ZDataSchema,
  ZEnterpriseReadQuerySchema,
  ZRiskMatrixInputSchema,
  ZRiskMatrixSchema,
  ZRiskMatrixSettingsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { criticalityOf, getMatrix, putMatrix, resetMatrix, updateMatrixSettings } from "./risk-matrix.service";

const tags = ["risks"];
const MATRIX = { 200: ZDataSchema(ZRiskMatrixSchema), ...ERROR_RESPONSES };

/**
 * Registered under /api; its routes are /api/risk-matrix…. The enterprise edits; super-responsibles edit when the enterprise lets
 * them (`superResponsibleMayEdit`), else read, like responsibles.
 */
export const riskMatrixRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/risk-matrix",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The enterprise's risk matrix (contractors read an affiliated enterprise's, never editing it)",
        querystring: ZEnterpriseReadQuerySchema,
        response: MATRIX,
      },
    },
    async (request) => ({ data: await getMatrix(ctx, callerOf(request), request.query.enterpriseId) }),
  );

  app.put(
    "/risk-matrix",
    {
      config: { access: POLICIES.organisationEditors },
      schema: { tags, summary: "Replace the whole risk matrix", body: ZRiskMatrixInputSchema, response: MATRIX },
    },
    async (request) => ({ data: await putMatrix(ctx, callerOf(request), request.body) }),
  );

  app.post(
    "/risk-matrix/default",
    {
      config: { access: POLICIES.organisationEditors },
      schema: { tags, summary: "Replace the risk matrix with the default 5 × 5, four levels", response: MATRIX },
    },
    async (request) => ({ data: await resetMatrix(ctx, callerOf(request)) }),
  );

  app.patch(
    "/risk-matrix/settings",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Let super-responsibles edit the matrix and their division's risk assignments, or not",
        body: ZRiskMatrixSettingsSchema,
        response: MATRIX,
      },
    },
    async (request) => ({
      data: await updateMatrixSettings(ctx, callerOf(request), request.body.superResponsibleMayEdit),
    }),
  );

  app.get(
    "/risk-matrix/criticality",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The criticality level of a probability and a severity",
        querystring: ZCriticalityQuerySchema,
        response: { 200: ZDataSchema(ZCriticalitySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await criticalityOf(
        ctx,
        callerOf(request),
        request.query.probabilityId,
        request.query.severityId,
        request.query.enterpriseId,
      ),
    }),
  );
};
