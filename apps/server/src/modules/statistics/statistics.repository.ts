import { STATISTICS_TOP_GROUPS } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";

/** Whose permits and which first sends: days in `tz`, both included. */
export interface TPopulation {
  enterpriseId: string;
  divisionId: string | null;
  from: string;
  to: string;
  tz: string;
}

const start = (p: TPopulation) => sql`((${p.from}::date)::timestamp AT TIME ZONE ${p.tz})`;
const end = (p: TPopulation) => sql`((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.tz})`;

/**
 * The permits counted, one row each with what their history says: first send, first verification, first time
 * Approved, ever rechecked, ever rejected (one pass over each permit's events, by permit_events_permit_idx).
 *
 * A permit is created before its first send and `sent_at` (its last send) is not before it, so `created_at <
 * end` and `sent_at >= start` narrow the permits first, through permits_enterprise_status_idx or
 * permits_division_idx, before any history is read.
 */
function counted(p: TPopulation): SQL {
  return sql`counted AS MATERIALIZED (
    SELECT p.id, p.status, p.sector_id, p.supplier_id, p.work_type_id, p.level_name, p.level_colour,
      ev.first_sent_at, ev.first_verified_at, ev.first_approved_at, ev.rechecked, ev.rejected
    FROM permits p
    CROSS JOIN LATERAL (
      SELECT min(e.created_at) FILTER (WHERE e.action = 'send') AS first_sent_at,
        min(e.created_at) FILTER (WHERE e.action = 'verify') AS first_verified_at,
        min(e.created_at) FILTER (WHERE e.to_status = 'Approved') AS first_approved_at,
        coalesce(bool_or(e.action = 'recheck'), false) AS rechecked,
        coalesce(bool_or(e.action = 'reject'), false) AS rejected
      FROM permit_events e
      WHERE e.permit_id = p.id
    ) ev
    WHERE p.enterprise_id = ${p.enterpriseId}
      ${p.divisionId ? sql`AND p.division_id = ${p.divisionId}` : sql``}
      AND p.created_at < ${end(p)} AND p.sent_at >= ${start(p)}
      AND ev.first_sent_at >= ${start(p)} AND ev.first_sent_at < ${end(p)}
  )`;
}

type TBreakdown = "sector" | "contractor" | "workType";

const BREAKDOWNS: Record<TBreakdown, { key: SQL; join: SQL }> = {
  sector: { key: sql`c.sector_id`, join: sql`LEFT JOIN sectors t ON t.id = c.sector_id` },
  contractor: { key: sql`c.supplier_id`, join: sql`LEFT JOIN suppliers t ON t.id = c.supplier_id` },
  workType: { key: sql`c.work_type_id`, join: sql`LEFT JOIN work_types t ON t.id = c.work_type_id` },
};

/**
 * Permits per sector, contractor or work type (CTEs `<name>_grouped`, `<name>_ranked`, `<name>`): the largest
 * groups, the rest summed as one row whose `top` is false. A null key among the top is the group of permits
 * without one (internal permits: no contractor).
 */
function breakdown(name: string, { key, join }: { key: SQL; join: SQL }): SQL {
  const top = STATISTICS_TOP_GROUPS;
  return sql`${sql.raw(name)}_grouped AS (
      SELECT ${key} AS id, t.name AS name, count(*)::int AS n FROM counted c ${join} GROUP BY 1, 2
    ),
    ${sql.raw(name)}_ranked AS (
      SELECT *, row_number() OVER (ORDER BY n DESC, name NULLS FIRST, id) AS rank FROM ${sql.raw(name)}_grouped
    ),
    ${sql.raw(name)} AS (
      SELECT rank <= ${top} AS top, CASE WHEN rank <= ${top} THEN id END AS id,
        CASE WHEN rank <= ${top} THEN name END AS name, sum(n)::int AS count, count(*)::int AS groups
      FROM ${sql.raw(name)}_ranked GROUP BY 1, 2, 3
    )`;
}

const groupsOf = (name: string) =>
  sql`(SELECT coalesce(json_agg(json_build_object('top', b.top, 'id', b.id, 'name', b.name, 'count', b.count,
      'groups', b.groups) ORDER BY b.top DESC, b.count DESC, b.name NULLS FIRST, b.id), '[]')
    FROM ${sql.raw(name)} b)`;

const minutes = (to: string) => sql.raw(`extract(epoch FROM ${to} - first_sent_at) / 60`);
const percentile = (fraction: number, to: string) =>
  sql`round((percentile_cont(${sql.raw(String(fraction))}) WITHIN GROUP (ORDER BY ${minutes(to)}))::numeric)::int`;

export interface TGroupRow {
  top: boolean;
  id: string | null;
  name: string | null;
  count: number;
  groups: number;
}

export interface TFigures {
  perMonth: { month: string; status: string; count: number }[];
  bySector: TGroupRow[];
  byContractor: TGroupRow[];
  byWorkType: TGroupRow[];
  /** Per level as sent (its name, and its colour at the latest first send), in the order of the matrix. */
  byLevel: { level: string; colour: string; count: number }[];
  /** Review waits in minutes (median, 90th percentile, how many reached the step), rechecks and rejections. */
  reviews: {
    total: number;
    verify_median: number | null;
    verify_p90: number | null;
    verified: number;
    approve_median: number | null;
    approve_p90: number | null;
    approved: number;
    rechecked: number;
    rejected: number;
  };
}

/**
 * Every figure of the statistics in one statement: the permits counted are found once (a materialised CTE, one
 * pass over each one's history) and every aggregate reads them, from the same snapshot.
 */
export async function statisticsFigures(db: TDb, p: TPopulation): Promise<TFigures> {
  const result = await db.execute(sql`WITH ${counted(p)},
    per_month AS (
      SELECT to_char(first_sent_at AT TIME ZONE ${p.tz}, 'YYYY-MM') AS month, status::text AS status,
        count(*)::int AS count
      FROM counted GROUP BY 1, 2
    ),
    ${breakdown("by_sector", BREAKDOWNS.sector)},
    ${breakdown("by_contractor", BREAKDOWNS.contractor)},
    ${breakdown("by_work_type", BREAKDOWNS.workType)},
    by_level AS (
      SELECT coalesce(level_name, '') AS level,
        coalesce((array_agg(level_colour ORDER BY first_sent_at DESC) FILTER (WHERE level_colour IS NOT NULL))[1],
          '#868e96') AS colour,
        count(*)::int AS count
      FROM counted GROUP BY 1
    )
    SELECT
      (SELECT coalesce(json_agg(m ORDER BY m.month, m.status), '[]') FROM per_month m) AS "perMonth",
      ${groupsOf("by_sector")} AS "bySector",
      ${groupsOf("by_contractor")} AS "byContractor",
      ${groupsOf("by_work_type")} AS "byWorkType",
      (SELECT coalesce(json_agg(json_build_object('level', l.level, 'colour', l.colour, 'count', l.count)
          ORDER BY (SELECT min(cl.position) FROM criticality_levels cl
            WHERE cl.enterprise_id = ${p.enterpriseId} AND cl.name = l.level) NULLS LAST, l.level), '[]')
        FROM by_level l) AS "byLevel",
      (SELECT row_to_json(r) FROM (
        SELECT count(*)::int AS total,
          ${percentile(0.5, "first_verified_at")} AS verify_median,
          ${percentile(0.9, "first_verified_at")} AS verify_p90,
          count(first_verified_at)::int AS verified,
          ${percentile(0.5, "first_approved_at")} AS approve_median,
          ${percentile(0.9, "first_approved_at")} AS approve_p90,
          count(first_approved_at)::int AS approved,
          count(*) FILTER (WHERE rechecked)::int AS rechecked,
          count(*) FILTER (WHERE rejected)::int AS rejected
        FROM counted) r) AS reviews`);
  return result.rows[0] as unknown as TFigures;
}
