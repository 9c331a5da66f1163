import {
  addDays,
  startOfDayIn,
  type TPermitStatus,
  type TPermitSummary,
  type ZPermitListQuerySchema,
} from "@openpermit/shared";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { z } from "zod";
import { onCrewOf, permitPartyOf, type TPermitParty, visiblePermits } from "../../access/permits";
import type { TContext } from "../../context";
import { criticalityLevels, matrixCells, permitEvents, permits, sectorPermissions, suppliers } from "../../db/schema";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { DRAFT_STATUSES } from "./draft-status";
import { summaryRowsByIds, toSummary } from "./list.read";
import { ofCellsLevel, ofPartysStanding, ofPermitsCell } from "./permit-read";

export type TPermitListFilters = z.output<typeof ZPermitListQuerySchema>;

/** The caller's side's own permits: its own, and for a supplier its company's. */
function ownSide(party: TPermitParty): SQL {
  const own = eq(permits.createdBy, party.userId);
  if (party.side === "contractor" && party.role === "Supplier")
    return or(own, eq(permits.supplierId, party.supplierId))!;
  return own;
}

/**
 * What waits for this principal-side reader: every action the workflow table lets it take that moves the permit
 * on. Sent permits of sectors it verifies, verified ones of sectors it approves (never its own, never one it
 * verified: four eyes), closed-out ones of sectors it manages awaiting its hand-back (never its own), and its own
 * internal permits approved and waiting for it, the holder, to accept. Contractors have no to-do list here.
 */
function waitingFor(party: TPermitParty): SQL {
  if (party.side !== "principal") return sql`false`;
  const notMine = sql`${permits.createdBy} IS DISTINCT FROM ${party.userId}`;
  return or(
    and(
      notMine,
      or(
        and(eq(permits.status, "sended"), eq(sectorPermissions.canVerify, true)),
        and(
          eq(permits.status, "Confirmed"),
          eq(sectorPermissions.canApprove, true),
          sql`${permits.verifiedBy} IS DISTINCT FROM ${party.userId}`,
        ),
        and(
          eq(permits.status, "In_progress"),
          isNotNull(permits.closedOutAt),
          or(eq(sectorPermissions.canVerify, true), eq(sectorPermissions.canApprove, true)),
        ),
      ),
    ),
    and(eq(permits.createdBy, party.userId), eq(permits.status, "Approved")),
  )!;
}

const draftStatuses = [...DRAFT_STATUSES] as TPermitStatus[];

/** The level a permit shows: live while a draft, as sent afterwards (the same rule as the permit's answer). */
const levelName = sql`CASE WHEN ${inArray(permits.status, draftStatuses)} THEN ${criticalityLevels.name} ELSE ${permits.levelName} END`;

/** Qualified by hand: inside a subquery a bare column name would be the subquery's own table's. */
const outer = (column: string) => sql`${sql.identifier("permits")}.${sql.identifier(column)}`;

/** Its current status was reached at `since` or later (the history's latest entry into it). */
function reachedSince(since: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${permitEvents} e
    WHERE e.permit_id = ${outer("id")} AND e.to_status = ${outer("status")}
      AND e.from_status IS DISTINCT FROM e.to_status AND e.created_at >= ${since})`;
}

/** An overdue close-out: still in progress after its end, and not closed out by its holder (awaiting hand-back). */
const overdueCloseOut = and(
  eq(permits.status, "In_progress"),
  lt(permits.endAt, sql`now()`),
  isNull(permits.closedOutAt),
)!;

/** Its work starts on `day` in the zone `tz`. */
function startsOn(day: string, tz: string): SQL {
  return and(gte(permits.startAt, startOfDayIn(day, tz)), lt(permits.startAt, startOfDayIn(addDays(day, 1), tz)))!;
}

/**
 * The WHERE of a permit list (and of the dashboard's figures, which are these lists' totals). It reads the
 * matrix cell (`sectorPermissions` joined for the party), the contractor (`suppliers`) and the live level.
 */
export function conditions(party: TPermitParty, query: TPermitListFilters, supplierIds?: string[]): SQL {
  const views: Record<TPermitListFilters["view"], SQL | undefined> = {
    all: undefined,
    saved: and(ownSide(party), inArray(permits.status, draftStatuses)),
    // A worker finds the permits whose crew names them with their own (to sign on from their phone).
    sent: and(or(ownSide(party), onCrewOf(party.userId)), notInArray(permits.status, draftStatuses)),
    todo: waitingFor(party),
  };
  const pattern = query.q ? containing(query.q) : undefined;
  return and(
    visiblePermits(party),
    views[query.view],
    query.status && query.status.length > 0 ? inArray(permits.status, query.status) : undefined,
    query.divisionId ? eq(permits.divisionId, query.divisionId) : undefined,
    query.sectorId ? eq(permits.sectorId, query.sectorId) : undefined,
    query.contractorId ? eq(permits.supplierId, query.contractorId) : undefined,
    query.workTypeId ? eq(permits.workTypeId, query.workTypeId) : undefined,
    query.criticality ? sql`${levelName} = ${query.criticality}` : undefined,
    // The work period [startAt, endAt] meets [from, to].
    query.from ? gte(permits.endAt, new Date(query.from)) : undefined,
    query.to ? lte(permits.startAt, new Date(query.to)) : undefined,
    query.startDay ? startsOn(query.startDay, query.tz ?? "UTC") : undefined,
    query.changedSince ? reachedSince(startOfDayIn(query.changedSince, query.tz ?? "UTC")) : undefined,
    query.overdue ? overdueCloseOut : undefined,
    pattern ? textMatches(pattern, supplierIds) : undefined,
  )!;
}

/**
 * The text search: number, title, description or the contractor's name contain the pattern. Each arm can use
 * its index, so the planner combines them in a BitmapOr: the contractor arm is the matching suppliers' ids, not the
 * joined name, which no index of permits could answer. The list passes those ids, looked up first
 * (`suppliersNamed`): as constants the planner counts their permits; as a subquery's array it guessed a fifth of
 * the table and read the whole enterprise instead of the trigram indexes (100 ms instead of 1 on 100 000 permits).
 */
function textMatches(pattern: string, supplierIds: string[] | undefined): SQL {
  const contractorArm =
    supplierIds === undefined
      ? sql`${permits.supplierId} = ANY(ARRAY(SELECT ${suppliers.id} FROM ${suppliers} WHERE ${ilike(suppliers.name, pattern)}))`
      : supplierIds.length > 0
        ? inArray(permits.supplierId, supplierIds)
        : undefined;
  return or(
    ilike(permits.documentNumber, pattern),
    ilike(permits.taskTitle, pattern),
    ilike(permits.jobDescription, pattern),
    contractorArm,
  )!;
}

/** The ids of the contractors whose name contains the list's text (none without one). */
export async function suppliersNamed(ctx: TContext, query: TPermitListFilters): Promise<string[]> {
  if (!query.q) return [];
  const rows = await ctx.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(containsIgnoringAccents(suppliers.name, query.q));
  return rows.map((row) => row.id);
}

export function orderOf(sort: TPermitListFilters["sort"]) {
  const column = {
    startAt: permits.startAt,
    createdAt: permits.createdAt,
    documentNumber: permits.documentNumber,
  }[sort.replace("-", "") as "startAt" | "createdAt" | "documentNumber"];
  const descending = sort.startsWith("-");
  // Permits without a start or a number come last either way; the id keeps pages stable.
  return [
    descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`,
    descending ? desc(permits.id) : asc(permits.id),
  ];
}

/**
 * The ids of one page, in order, joining only what the WHERE reads (the caller's matrix cell, the live level):
 * PostgreSQL plans this in a moment and sorts ids, not whole rows with every join.
 */
export function pageIdsQuery(
  ctx: TContext,
  party: TPermitParty,
  query: TPermitListFilters,
  supplierIds: string[],
  withTotal = false,
) {
  return ctx.db
    .select({
      id: permits.id,
      // How many match, counted on the same rows (see pageAndTotal for when): a window needs every match first.
      total: (withTotal ? sql<number>`count(*) OVER ()` : sql<number>`0`).mapWith(Number),
    })
    .from(permits)
    .leftJoin(sectorPermissions, ofPartysStanding(party))
    .leftJoin(matrixCells, ofPermitsCell)
    .leftJoin(criticalityLevels, ofCellsLevel)
    .where(conditions(party, query, supplierIds))
    .orderBy(...orderOf(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** The list rows of these permits, in the page's order. */
async function rowsOf(ctx: TContext, party: TPermitParty, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await summaryRowsByIds(ctx.db, party.side, ids);
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/**
 * How many permits the list has, joining only what the WHERE reads. A `count(*) over ()` on the page query made
 * PostgreSQL build every matching row with all its joins before it could keep 50: on 100 000 permits this
 * separate, lean count is what keeps a page fast (docs/performance.md).
 */
export function countQuery(ctx: TContext, party: TPermitParty, query: TPermitListFilters, supplierIds: string[]) {
  return ctx.db
    .select({ total: count() })
    .from(permits)
    .leftJoin(sectorPermissions, ofPartysStanding(party))
    .leftJoin(matrixCells, ofPermitsCell)
    .leftJoin(criticalityLevels, ofCellsLevel)
    .where(conditions(party, query, supplierIds));
}

/** The page's ids and how many match: one scan when a text search makes PostgreSQL read every match anyway. */
async function pageAndTotal(ctx: TContext, party: TPermitParty, query: TPermitListFilters, supplierIds: string[]) {
  if (query.q) {
    // A text search reads all its matches through the trigram indexes and sorts them: counting them in the same
    // statement costs nothing more, where a second statement would search again (docs/performance.md).
    const page = await pageIdsQuery(ctx, party, query, supplierIds, true);
    if (page.length > 0 || query.page === 1) return { ids: page.map((r) => r.id), total: page[0]?.total ?? 0 };
  }
  // Without one, the page stops after its rows in the sort's index order: the count is a lean query of its own.
  const [page, [counted]] = await Promise.all([
    pageIdsQuery(ctx, party, query, supplierIds),
    countQuery(ctx, party, query, supplierIds),
  ]);
  return { ids: page.map((r) => r.id), total: counted?.total ?? 0 };
}

export async function listPermits(ctx: TContext, caller: TCaller, query: TPermitListFilters) {
  const party = await permitPartyOf(ctx, caller);
  const supplierIds = await suppliersNamed(ctx, query);
  const { ids, total } = await pageAndTotal(ctx, party, query, supplierIds);
  const rows = await rowsOf(ctx, party, ids);
  const now = new Date();
  return pageOf<TPermitSummary>(
    rows.map((row) => toSummary(row, now)),
    query,
    total,
  );
}
