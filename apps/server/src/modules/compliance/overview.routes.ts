import {
  complianceToday,
  POLICIES,
  ZComplianceExportQuerySchema,
  ZComplianceOverviewQuerySchema,
  ZComplianceOverviewRowSchema,
  ZComplianceOverviewSchema,
  ZDataSchema,
  ZInductionInputSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { TABLE_FILE_TYPES } from "../../lib/table-file";
import { callerOf } from "../../plugins/auth";
import { recordInduction } from "./inductions.service";
import { complianceOverview, complianceOverviewAll } from "./overview.service";
import { overviewFileName, writeOverviewFile } from "./overview-export";

/**
 * The principal's compliance view, its export, and the site inductions its staff record (docs/safety.md,
 * "Contractor compliance"; access/compliance.ts says who).
 */
export const complianceOverviewRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const tags = ["compliance"];
  app.get(
    "/compliance/overview",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Where each affiliated contractor and each of its active workers stands against each requirement",
        querystring: ZComplianceOverviewQuerySchema,
        response: { 200: ZComplianceOverviewSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => complianceOverview(ctx, callerOf(request), request.query, new Date()),
  );
  app.get(
    "/compliance/overview/export",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "The filtered compliance view as a CSV or XLSX file, in the reader’s language",
        querystring: ZComplianceExportQuerySchema,
        // Bytes, not JSON: the serializer never sees them.
        response: fileResponses("The file (CSV or XLSX), as an attachment", Object.values(TABLE_FILE_TYPES)),
      },
    },
    async (request, reply) => {
      const now = new Date();
      const caller = callerOf(request);
      const rows = await complianceOverviewAll(ctx, caller, request.query, now);
      const format = request.query.format;
      const data = await writeOverviewFile(format, caller.language, rows);
      return reply
        .header("Content-Type", TABLE_FILE_TYPES[format])
        .header(
          "Content-Disposition",
          `attachment; filename="${overviewFileName(format, complianceToday(now).latest)}"`,
        )
        .header("Cache-Control", "no-store")
        .send(data);
    },
  );
  app.post(
    "/compliance/inductions",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Record that a contractor’s worker followed the enterprise’s site induction (accepted at once)",
        body: ZInductionInputSchema,
        response: { 201: ZDataSchema(ZComplianceOverviewRowSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await recordInduction(ctx, callerOf(request), request.body, new Date()) }),
  );
};
