import { z } from "zod";
import { PERMIT_STATUSES, type TPermitStatus } from "../permits/workflow";
import { V } from "../validation";
import { ZIdSchema } from "./common";
import { ZDayInRangeSchema } from "./dates";

/**
 * Statistics of the principal's permits: per month by status, by sector, contractor, work type and
 * criticality, the time from the first send to the first verification and to the approval, and the recheck and
 * rejection rates.
 *
 * Which permits count: those sent at least once (drafts never sent do not) whose FIRST send falls in the period,
 * counted in their status of today. Who sees what: the Enterprise its whole enterprise (or one division of it,
 * `divisionId`); a SuperResponsible or Responsible its own division (another `divisionId` is 404). Everyone else
 * 403. Internal permits count too, under the contractor "Internal".
 */

/** The statuses a sent permit can be in (a permit never goes back to `pending`). */
export const STATISTICS_STATUSES = PERMIT_STATUSES.filter(
  (status): status is Exclude<TPermitStatus, "pending"> => status !== "pending",
);

export const STATISTICS_CHARTS = [
  "perMonth",
  "bySector",
  "byContractor",
  "byWorkType",
  "byCriticality",
  "durations",
  "rates",
] as const;
export type TStatisticsChart = (typeof STATISTICS_CHARTS)[number];

/** The longest period one request covers: 5 years (60 months of bars). */
export const STATISTICS_MAX_YEARS = 5;
/** Breakdowns show their largest groups; the rest are summed as one "Other" group. */
export const STATISTICS_TOP_GROUPS = 10;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30), in the years the API takes (schemas/dates.ts). */
const ZDaySchema = ZDayInRangeSchema();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last day allowed for a period starting on `from`: the day before its fifth anniversary. */
export function lastDayOfLongestPeriod(from: string): string {
  const end = new Date(`${from}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + STATISTICS_MAX_YEARS);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * GET /api/statistics?from&to&divisionId&tz. `from` and `to` are days, both included, in the time zone `tz` (an
 * IANA name, default UTC), which also decides which month a permit falls in. Without them: the last 12 months
 * (the first day of the month 11 months ago to today). `to` before `from`, or a period longer than 5 years: 400.
 */
export const ZStatisticsQuerySchema = z
  .object({
    from: ZDaySchema.optional(),
    to: ZDaySchema.optional(),
    divisionId: ZIdSchema.optional(),
    tz: z.string({ error: V.invalidValue }).max(64, V.invalidValue).optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to || !DAY.test(query.from) || !DAY.test(query.to)) return;
    if (query.to < query.from) context.addIssue({ code: "custom", path: ["to"], message: V.dateRangeOrder });
    else if (query.to > lastDayOfLongestPeriod(query.from)) {
      context.addIssue({ code: "custom", path: ["to"], message: V.dateRangeTooLong });
    }
  });
export type TStatisticsQuery = z.input<typeof ZStatisticsQuerySchema>;

/** GET /api/statistics/export?<the same>&chart → one chart's data as a CSV file (UTF-8, comma-separated). */
export const ZStatisticsExportQuerySchema = ZStatisticsQuerySchema.safeExtend({ chart: z.enum(STATISTICS_CHARTS) });

const count = z.number().int().min(0);

export const ZStatisticsMonthSchema = z.object({
  /** `YYYY-MM`; every month of the period is present, empty ones with zeros. */
  month: z.string(),
  total: count,
  counts: z.record(z.enum(STATISTICS_STATUSES), count),
});

/**
 * One bar of a breakdown. `item`: a sector, contractor or work type (id and name); `internal`: internal permits
 * (no contractor); `other`: the groups beyond the largest ten, summed (`groups` says how many).
 */
export const ZStatisticsGroupSchema = z.object({
  kind: z.enum(["item", "internal", "other"]),
  id: z.string().nullable(),
  name: z.string(),
  count,
  groups: count,
});
export type TStatisticsGroup = z.infer<typeof ZStatisticsGroupSchema>;

/** Permits per criticality level as it was at their send (name and colour), in the matrix's order. */
export const ZStatisticsLevelSchema = z.object({ level: z.string(), colour: z.string(), count });

/** Minutes, over the permits that reached the step: median and 90th percentile (null when none did). */
export const ZStatisticsDurationSchema = z.object({
  median: z.number().nullable(),
  p90: z.number().nullable(),
  count,
});
export type TStatisticsDuration = z.infer<typeof ZStatisticsDurationSchema>;

/** `count` of the `total` permits counted; `rate` = count / total (0..1), null when total is 0. */
export const ZStatisticsRateSchema = z.object({ count, total: count, rate: z.number().nullable() });
export type TStatisticsRate = z.infer<typeof ZStatisticsRateSchema>;

export const ZStatisticsSchema = z.object({
  /** The period and scope the figures are for (the defaults filled in). */
  period: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  divisionId: z.string().nullable(),
  total: count,
  perMonth: z.array(ZStatisticsMonthSchema),
  bySector: z.array(ZStatisticsGroupSchema),
  byContractor: z.array(ZStatisticsGroupSchema),
  byWorkType: z.array(ZStatisticsGroupSchema),
  byCriticality: z.array(ZStatisticsLevelSchema),
  /**
   * In minutes, rounded to the minute. `sendToVerification`: first send → first verification. `sendToApproval`:
   * first send → first time the permit became Approved (by an approval, or by the verification of a level that
   * needs no approval).
   */
  durations: z.object({ sendToVerification: ZStatisticsDurationSchema, sendToApproval: ZStatisticsDurationSchema }),
  /** Permits ever sent back for a recheck, and ever rejected, among those counted. */
  rates: z.object({ recheck: ZStatisticsRateSchema, rejection: ZStatisticsRateSchema }),
});
export type TStatistics = z.infer<typeof ZStatisticsSchema>;
