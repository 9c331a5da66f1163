import {
  lastDayOfLongestPeriod,
  STATISTICS_STATUSES,
  type TStatistics,
  type TStatisticsChart,
  type TStatisticsGroup,
  V,
  type ZStatisticsQuerySchema,
} from "@openpermit/shared";
import type { z } from "zod";
import { assertDivisionVisible, organisationScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { isInvalidParameter } from "../../db/pg-errors";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { statisticsFigures, type TFigures, type TGroupRow, type TPopulation } from "./statistics.repository";

type TQuery = z.output<typeof ZStatisticsQuerySchema>;

const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf("timeZone"), "UTC"]);

const invalid = (field: string, key: string) =>
  new AppError("VALIDATION_FAILED", "Some fields are invalid.", { [field]: key });

/** Today, as a `YYYY-MM-DD` day in `tz`. */
function today(tz: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
}

/** The first day of the month `months` before the month of `day`. */
function monthStartBefore(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** The period asked for, the default one filled in (the last 12 months: this month and the 11 before). */
export function periodOf(query: Pick<TQuery, "from" | "to" | "tz">, now = new Date()) {
  const tz = query.tz ?? "UTC";
  if (!TIME_ZONES.has(tz)) throw invalid("tz", V.invalidValue);
  const to = query.to ?? today(tz, now);
  const from = query.from ?? monthStartBefore(to, 11);
  if (to < from) throw invalid(query.to ? "to" : "from", V.dateRangeOrder);
  if (to > lastDayOfLongestPeriod(from)) throw invalid("to", V.dateRangeTooLong);
  return { from, to, tz };
}

/** Every month `YYYY-MM` from the month of `from` to that of `to`. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month.slice(0, 7) <= to.slice(0, 7); month = monthStartBefore(month, -1)) {
    months.push(month.slice(0, 7));
  }
  return months;
}

/**
 * Whose permits: the Enterprise's whole enterprise or one of its divisions; a manager's own division. A division
 * of another enterprise, or another division than a manager's own, does not exist for the caller (404).
 */
async function populationOf(ctx: TContext, caller: TCaller, query: TQuery): Promise<TPopulation> {
  const scope = await organisationScope(ctx, caller);
  const period = periodOf(query);
  if (query.divisionId) await assertDivisionVisible(ctx, scope, query.divisionId);
  const divisionId = scope.role === "Enterprise" ? (query.divisionId ?? null) : scope.divisionId;
  return { enterpriseId: scope.enterpriseId, divisionId, ...period };
}

function perMonthOf(p: TPopulation, counts: TFigures["perMonth"]): TStatistics["perMonth"] {
  return monthsOf(p.from, p.to).map((month) => {
    const ofMonth = counts.filter((row) => row.month === month);
    const byStatus = Object.fromEntries(
      STATISTICS_STATUSES.map((status) => [status, ofMonth.find((row) => row.status === status)?.count ?? 0]),
    ) as TStatistics["perMonth"][number]["counts"];
    return { month, total: ofMonth.reduce((sum, row) => sum + row.count, 0), counts: byStatus };
  });
}

const groupsOf = (rows: TGroupRow[]): TStatisticsGroup[] =>
  rows.map((row) => ({
    kind: !row.top ? "other" : row.id === null ? "internal" : "item",
    id: row.top ? row.id : null,
    name: row.name ?? "",
    count: row.count,
    groups: row.groups,
  }));

const rate = (count: number, total: number) => ({ count, total, rate: total === 0 ? null : count / total });

/** PostgreSQL may not know a zone the JavaScript runtime knows: that is the client's zone, refused as such. */
async function guardZone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isInvalidParameter(error)) throw invalid("tz", V.invalidValue);
    throw error;
  }
}

/** GET /api/statistics: every chart of the period (one SQL statement). */
export async function statisticsOf(ctx: TContext, caller: TCaller, query: TQuery): Promise<TStatistics> {
  const p = await populationOf(ctx, caller, query);
  const figures = await guardZone(() => statisticsFigures(ctx.db, p));
  const r = figures.reviews;
  return {
    period: { from: p.from, to: p.to, tz: p.tz },
    divisionId: p.divisionId,
    total: r.total,
    perMonth: perMonthOf(p, figures.perMonth),
    bySector: groupsOf(figures.bySector),
    byContractor: groupsOf(figures.byContractor),
    byWorkType: groupsOf(figures.byWorkType),
    byCriticality: figures.byLevel,
    durations: {
      sendToVerification: { median: r.verify_median, p90: r.verify_p90, count: r.verified },
      sendToApproval: { median: r.approve_median, p90: r.approve_p90, count: r.approved },
    },
    rates: { recheck: rate(r.rechecked, r.total), rejection: rate(r.rejected, r.total) },
  };
}

export type TChartData =
  | { chart: "perMonth"; rows: TStatistics["perMonth"] }
  | { chart: "bySector" | "byContractor" | "byWorkType"; rows: TStatisticsGroup[] }
  | { chart: "byCriticality"; rows: TStatistics["byCriticality"] }
  | { chart: "durations"; rows: TStatistics["durations"] }
  | { chart: "rates"; rows: TStatistics["rates"] };

/** One chart's data, for its CSV file. */
export async function chartOf(
  ctx: TContext,
  caller: TCaller,
  query: TQuery,
  chart: TStatisticsChart,
): Promise<{ data: TChartData; period: { from: string; to: string } }> {
  const statistics = await statisticsOf(ctx, caller, query);
  // The chart names the part of the answer it draws.
  const data = { chart, rows: statistics[chart] } as TChartData;
  return { data, period: statistics.period };
}
