import {
  POLICIES,
  ZAuditEntrySchema,
  ZAuditExportQuerySchema,
  ZAuditQuerySchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { EXPORT_TYPES } from "../permits/export-file";
import { allAudit, listAudit } from "./audit.service";
import { writeAuditFile } from "./audit-export";

const tags = ["audit"];
const access = POLICIES.enterprise;

/** The Enterprise's own audit trail: read (paginated, newest first) and export. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/audit",
    {
      config: { access },
      schema: {
        tags,
        summary: "The enterprise's audit trail, filtered and paginated, newest first",
        querystring: ZAuditQuerySchema,
        response: { 200: ZPageSchema(ZAuditEntrySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listAudit(ctx, callerOf(request), request.query),
  );

  app.get(
    "/audit/export",
    {
      config: { access },
      schema: {
        tags,
        summary: "The filtered audit trail as a CSV or XLSX file (at most 10,000 entries)",
        querystring: ZAuditExportQuerySchema,
        response: fileResponses("The file, as an attachment", Object.values(EXPORT_TYPES)),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const rows = await allAudit(ctx, callerOf(request), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", EXPORT_TYPES[format])
        .header("Content-Disposition", `attachment; filename="audit-trail-${stamp}.${format}"`)
        .header("Cache-Control", "private, no-store")
        .send(await writeAuditFile(format, rows));
    },
  );
};
