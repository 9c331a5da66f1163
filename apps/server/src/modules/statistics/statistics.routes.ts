import {
  POLICIES,
  ZDataSchema,
  ZStatisticsExportQuerySchema,
  ZStatisticsQuerySchema,
  ZStatisticsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { chartOf, statisticsOf } from "./statistics.service";
import { writeChartCsv } from "./statistics-csv";

/** What the export sends, and what the document says it sends. */
const CSV_TYPE = "text/csv; charset=utf-8";

const tags = ["statistics"];

/** The principal's permit statistics (Enterprise: its enterprise or a division; managers: their division). */
export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/statistics",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary:
          "Permits whose first send is in the period: per month and status, per sector, contractor, work type and criticality, review times and rates",
        querystring: ZStatisticsQuerySchema,
        response: { 200: ZDataSchema(ZStatisticsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await statisticsOf(ctx, callerOf(request), request.query) }),
  );

  app.get(
    "/statistics/export",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "One chart's data as a CSV file",
        querystring: ZStatisticsExportQuerySchema,
        response: fileResponses("The CSV file", [CSV_TYPE]),
      },
    },
    async (request, reply) => {
      const { chart } = request.query;
      const { data, period } = await chartOf(ctx, callerOf(request), request.query, chart);
      return reply
        .header("Content-Type", CSV_TYPE)
        .header("Content-Disposition", `attachment; filename="statistics-${chart}-${period.from}-${period.to}.csv"`)
        .header("Cache-Control", "private, no-store")
        .send(await writeChartCsv(data));
    },
  );
};
