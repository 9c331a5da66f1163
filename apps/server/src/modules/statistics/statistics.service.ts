import {
  lastDayOfLongestPeriod,
  STATISTICS_STATUSES,
  type TStatistics,
  type TStatisticsChart,
  type TStatisticsGroup,
  V,
  type ZStatisticsQuerySchema,
} from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { divisions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { notFound, organisationScope } from "../organisation/scope";
import {
  countBy,
  countByLevel,
  countPerMonth,
  reviewFigures,
  type TBreakdown,
  type TPopulation,
} from "./statistics.repository";

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
  let divisionId: string | null = query.divisionId ?? null;
  if (scope.role === "Enterprise") {
    if (divisionId) {
      const [division] = await ctx.db
        .select({ id: divisions.id })
        .from(divisions)
        .where(and(eq(divisions.id, divisionId), eq(divisions.enterpriseId, scope.enterpriseId)));
      if (!division) throw notFound("division");
    }
  } else {
    if (divisionId && divisionId !== scope.divisionId) throw notFound("division");
    divisionId = scope.divisionId;
  }
  return { enterpriseId: scope.enterpriseId, divisionId, ...period };
}

/** One consistent snapshot for every figure of a page, even while permits move. */
async function inSnapshot<T>(ctx: TContext, work: (db: TDb) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work, { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function perMonthOf(db: TDb, p: TPopulation): Promise<TStatistics["perMonth"]> {
  const counts = await countPerMonth(db, p);
  return monthsOf(p.from, p.to).map((month) => {
    const ofMonth = counts.filter((row) => row.month === month);
    const byStatus = Object.fromEntries(
      STATISTICS_STATUSES.map((status) => [status, ofMonth.find((row) => row.status === status)?.count ?? 0]),
    ) as TStatistics["perMonth"][number]["counts"];
    return { month, total: ofMonth.reduce((sum, row) => sum + row.count, 0), counts: byStatus };
  });
}

async function groupsOf(db: TDb, p: TPopulation, breakdown: TBreakdown): Promise<TStatisticsGroup[]> {
  const counts = await countBy(db, p, breakdown);
  return counts.map((row) => ({
    kind: !row.top ? "other" : row.id === null ? "internal" : "item",
    id: row.top ? row.id : null,
    name: row.name ?? "",
    count: row.count,
    groups: row.groups,
  }));
}

const rate = (count: number, total: number) => ({ count, total, rate: total === 0 ? null : count / total });

async function reviewsOf(db: TDb, p: TPopulation) {
  const r = await reviewFigures(db, p);
  return {
    total: r.total,
    durations: {
      sendToVerification: { median: r.verify_median, p90: r.verify_p90, count: r.verified },
      sendToApproval: { median: r.approve_median, p90: r.approve_p90, count: r.approved },
    },
    rates: { recheck: rate(r.rechecked, r.total), rejection: rate(r.rejected, r.total) },
  };
}

/** PostgreSQL may not know a zone the JavaScript runtime knows: that is the client's zone, refused as such. */
async function guardZone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (let e: unknown = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: string }).code === "22023") throw invalid("tz", V.invalidValue);
    }
    throw error;
  }
}

/** GET /api/statistics: every chart of the period, from one snapshot. */
export async function statisticsOf(ctx: TContext, caller: TCaller, query: TQuery): Promise<TStatistics> {
  const p = await populationOf(ctx, caller, query);
  return guardZone(() =>
    inSnapshot(ctx, async (db) => {
      // One connection: these run one after the other, each a single aggregate query.
      const perMonth = await perMonthOf(db, p);
      const bySector = await groupsOf(db, p, "sector");
      const byContractor = await groupsOf(db, p, "contractor");
      const byWorkType = await groupsOf(db, p, "workType");
      const byCriticality = await countByLevel(db, p);
      const reviews = await reviewsOf(db, p);
      return {
        period: { from: p.from, to: p.to, tz: p.tz },
        divisionId: p.divisionId,
        total: reviews.total,
        perMonth,
        bySector,
        byContractor,
        byWorkType,
        byCriticality,
        durations: reviews.durations,
        rates: reviews.rates,
      };
    }),
  );
}

export type TChartData =
  | { chart: "perMonth"; rows: TStatistics["perMonth"] }
  | { chart: "bySector" | "byContractor" | "byWorkType"; rows: TStatisticsGroup[] }
  | { chart: "byCriticality"; rows: TStatistics["byCriticality"] }
  | { chart: "durations"; rows: TStatistics["durations"] }
  | { chart: "rates"; rows: TStatistics["rates"] };

const BREAKDOWN_OF = { bySector: "sector", byContractor: "contractor", byWorkType: "workType" } as const;

/** One chart's data (only its own query), for its CSV file. */
export async function chartOf(
  ctx: TContext,
  caller: TCaller,
  query: TQuery,
  chart: TStatisticsChart,
): Promise<{ data: TChartData; period: { from: string; to: string } }> {
  const p = await populationOf(ctx, caller, query);
  const data = await guardZone(() =>
    inSnapshot(ctx, async (db): Promise<TChartData> => {
      switch (chart) {
        case "perMonth":
          return { chart, rows: await perMonthOf(db, p) };
        case "bySector":
        case "byContractor":
        case "byWorkType":
          return { chart, rows: await groupsOf(db, p, BREAKDOWN_OF[chart]) };
        case "byCriticality":
          return { chart, rows: await countByLevel(db, p) };
        case "durations":
          return { chart, rows: (await reviewsOf(db, p)).durations };
        case "rates":
          return { chart, rows: (await reviewsOf(db, p)).rates };
      }
    }),
  );
  return { data, period: { from: p.from, to: p.to } };
}
