import { POLICIES, ZPageSchema, ZPermitListQuerySchema, ZPermitSummarySchema } from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { EXPORT_TYPES, writePermitsFile } from "./export-file";
import { exportRows } from "./export-rows";
import { listPermits } from "./list.service";

const tags = ["permits"];
const access = POLICIES.permitParties;

/** The permit lists (views, filters, sort, search, pages) and their export. */
export const permitListRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/permits",
    {
      config: { access },
      schema: {
        tags,
        summary: "Permits the caller sees: saved, sent, to do or all, filtered, sorted and paginated",
        querystring: ZPermitListQuerySchema,
        response: { 200: ZPageSchema(ZPermitSummarySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listPermits(ctx, callerOf(request), request.query),
  );

  app.get(
    "/permits/export",
    {
      config: { access },
      schema: {
        tags,
        summary: "The filtered permit list as a CSV or XLSX file (at most 10,000 rows)",
        querystring: ZPermitListQuerySchema.extend({ format: z.enum(["csv", "xlsx"]) }),
        response: fileResponses("The file, as an attachment", Object.values(EXPORT_TYPES)),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const caller = callerOf(request);
      const rows = await exportRows(ctx, caller, request.query);
      // In the reader's words: its account's language, and the zone its browser is in (UTC when not given).
      const reader = { language: caller.language, timeZone: request.query.tz ?? "UTC" };
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", EXPORT_TYPES[format])
        .header("Content-Disposition", `attachment; filename="permits-${stamp}.${format}"`)
        .header("Cache-Control", "private, no-store")
        .send(await writePermitsFile(format, rows, reader));
    },
  );
};
