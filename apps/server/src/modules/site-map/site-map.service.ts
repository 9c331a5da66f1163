import {
  addDays,
  dayIn,
  SITE_MAP_MAX_PERMITS,
  SITE_MAP_STATUSES,
  startOfDayIn,
  type TSiteSector,
  type TSiteSectorSummary,
  type TSiteSectors,
} from "@openpermit/shared";
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { assertDivisionVisible, organisationScope, type TOrgScope } from "../../access/organisation";
import { permitPartyOf, type TPermitParty, visiblePermits } from "../../access/permits";
import { visibleSector, visibleSectors } from "../../access/sectors";
import type { TContext } from "../../context";
import {
  divisions,
  emergencies,
  isolationApplications,
  isolationPoints,
  permits,
  sectors,
  subSectors,
} from "../../db/schema";
import type { TCaller } from "../../plugins/auth";

/** The reader's day: from the start of today in their zone to the start of tomorrow. */
function todayIn(tz: string, now: Date) {
  const today = dayIn(now, tz);
  return { today, from: startOfDayIn(today, tz), to: startOfDayIn(addDays(today, 1), tz) };
}

/**
 * A permit the map shows: sent and not finished, and either in progress (whatever its window: an overdue one is
 * the first thing to see) or with a window touching the reader's day.
 */
function onMapToday(day: { from: Date; to: Date }): SQL {
  return and(
    inArray(permits.status, [...SITE_MAP_STATUSES]),
    or(eq(permits.status, "In_progress"), and(lt(permits.startAt, day.to), sql`${permits.endAt} > ${day.from}`)),
  )!;
}

const overdueAt = (now: Date) =>
  sql`${permits.status} = 'In_progress' AND ${permits.endAt} < ${now} AND ${permits.closedOutAt} IS NULL`;

/** Each sector's counts, in one query: the permits joined once, the isolations and emergencies as sub-queries. */
async function sectorSummaries(
  ctx: TContext,
  scope: TOrgScope,
  party: TPermitParty,
  where: SQL | undefined,
  day: { from: Date; to: Date },
  now: Date,
): Promise<TSiteSectorSummary[]> {
  const rows = await ctx.db
    .select({
      id: sectors.id,
      name: sectors.name,
      number: sectors.number,
      divisionId: sectors.divisionId,
      divisionName: divisions.name,
      hasMap: sql<boolean>`${sectors.mapFileId} IS NOT NULL`,
      inProgress: sql<number>`count(${permits.id}) FILTER (WHERE ${permits.status} = 'In_progress')::int`,
      suspended: sql<number>`count(${permits.id}) FILTER (WHERE ${permits.suspendedAt} IS NOT NULL)::int`,
      overdue: sql<number>`count(${permits.id}) FILTER (WHERE ${overdueAt(now)})::int`,
      today: sql<number>`count(${permits.id})::int`,
      isolationsInPlace: sql<number>`(SELECT count(*)::int FROM ${isolationPoints} ip
        JOIN ${isolationApplications} ia ON ia.point_id = ip.id AND ia.released_at IS NULL
        WHERE ip.sector_id = ${sectors.id} AND ip.deleted_at IS NULL)`,
      emergency: sql<boolean>`EXISTS (SELECT 1 FROM ${emergencies} e WHERE e.lifted_at IS NULL
        AND e.division_id = ${sectors.divisionId} AND (e.sector_id IS NULL OR e.sector_id = ${sectors.id}))`,
    })
    .from(sectors)
    .innerJoin(divisions, eq(divisions.id, sectors.divisionId))
    .leftJoin(permits, and(eq(permits.sectorId, sectors.id), visiblePermits(party), onMapToday(day)))
    .where(and(visibleSectors(ctx.db, scope), where))
    .groupBy(sectors.id, divisions.name)
    .orderBy(asc(divisions.name), asc(sectors.number));
  return rows;
}

async function readersOf(ctx: TContext, caller: TCaller) {
  const scope = await organisationScope(ctx, caller);
  const party = await permitPartyOf(ctx, caller);
  return { scope, party };
}

/** GET /api/site-map/sectors: the sectors the caller sees (of one division when named), with their counts. */
export async function siteSectors(
  ctx: TContext,
  caller: TCaller,
  query: { tz: string; divisionId?: string | undefined },
): Promise<TSiteSectors> {
  const { scope, party } = await readersOf(ctx, caller);
  if (query.divisionId) await assertDivisionVisible(ctx, scope, query.divisionId);
  const now = new Date();
  const day = todayIn(query.tz, now);
  const where = query.divisionId ? eq(sectors.divisionId, query.divisionId) : undefined;
  return { today: day.today, sectors: await sectorSummaries(ctx, scope, party, where, day, now) };
}

/** GET /api/site-map/sectors/:id: one sector's plan — sub-sectors, permits on it now and today, isolations in place. */
export async function siteSector(ctx: TContext, caller: TCaller, sectorId: string, tz: string): Promise<TSiteSector> {
  const { scope, party } = await readersOf(ctx, caller);
  await visibleSector(ctx, scope, sectorId);
  const now = new Date();
  const day = todayIn(tz, now);
  const [summaries, places, permitRows, isolations] = await Promise.all([
    sectorSummaries(ctx, scope, party, eq(sectors.id, sectorId), day, now),
    ctx.db
      .select({ id: subSectors.id, name: subSectors.name, x: subSectors.x, y: subSectors.y })
      .from(subSectors)
      .where(and(eq(subSectors.sectorId, sectorId), isNull(subSectors.deletedAt)))
      .orderBy(asc(sql`lower(${subSectors.name})`)),
    ctx.db
      .select({
        id: permits.id,
        documentNumber: permits.documentNumber,
        taskTitle: permits.taskTitle,
        status: permits.status,
        subSectorId: permits.subSectorId,
        startAt: permits.startAt,
        endAt: permits.endAt,
        levelName: permits.levelName,
        levelColour: permits.levelColour,
        suspended: sql<boolean>`${permits.suspendedAt} IS NOT NULL`,
        overdue: sql<boolean>`coalesce(${overdueAt(now)}, false)`,
      })
      .from(permits)
      .where(and(eq(permits.sectorId, sectorId), visiblePermits(party), onMapToday(day)))
      .orderBy(desc(sql`${permits.status} = 'In_progress'`), asc(permits.startAt), asc(permits.id))
      .limit(SITE_MAP_MAX_PERMITS + 1),
    ctx.db
      .select({
        id: isolationPoints.id,
        tag: isolationPoints.tag,
        equipment: isolationPoints.equipment,
        energy: isolationPoints.energy,
        subSectorId: isolationPoints.subSectorId,
        x: isolationPoints.x,
        y: isolationPoints.y,
        appliedAt: isolationApplications.appliedAt,
        proven: sql<boolean>`${isolationApplications.provenAt} IS NOT NULL`,
      })
      .from(isolationPoints)
      .innerJoin(
        isolationApplications,
        and(eq(isolationApplications.pointId, isolationPoints.id), isNull(isolationApplications.releasedAt)),
      )
      .where(and(eq(isolationPoints.sectorId, sectorId), isNull(isolationPoints.deletedAt)))
      .orderBy(asc(sql`lower(${isolationPoints.tag})`)),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    today: day.today,
    sector: summaries[0]!,
    subSectors: places,
    permits: permitRows
      .slice(0, SITE_MAP_MAX_PERMITS)
      .map((p) => ({ ...p, startAt: iso(p.startAt), endAt: iso(p.endAt) })),
    truncated: permitRows.length > SITE_MAP_MAX_PERMITS,
    isolations: isolations.map((i) => ({ ...i, appliedAt: i.appliedAt.toISOString() })),
  };
}
