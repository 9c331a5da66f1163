import {
  CALENDAR_MAX_EVENTS,
  type TCalendarEvent,
  type TPermitCalendar,
  type TPermitCalendarFilters,
  type ZPermitCalendarQuerySchema,
} from "@openpermit/shared";
import { and, asc, gt, gte, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { permitPartyOf, type TPermitParty } from "../../access/permits";
import type { TContext } from "../../context";
import { permits } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { conditions, type TPermitListFilters } from "../permits/list.service";
import { selectPermits, toPermitBase } from "../permits/permit-read";

type TCalendarQuery = z.output<typeof ZPermitCalendarQuerySchema>;

/** A permit with a start whose work period meets [from, to); one still without an end is the instant it starts. */
function meets(from: Date, to: Date): SQL {
  return and(
    isNotNull(permits.startAt),
    lt(permits.startAt, to),
    or(gt(permits.endAt, from), and(isNull(permits.endAt), gte(permits.startAt, from))),
  )!;
}

/**
 * The permits the party sees in [from, to) with the list's filters (the list's own WHERE, so both always agree),
 * earliest first, at most `max`; one more row is read to tell whether there were more.
 */
export async function calendarEvents(
  ctx: TContext,
  party: TPermitParty,
  period: { from: Date; to: Date },
  filters: TPermitCalendarFilters,
  max: number,
): Promise<TPermitCalendar> {
  const listFilters: TPermitListFilters = { ...filters, view: "all", sort: "startAt", page: 1, pageSize: max };
  const rows = await selectPermits(ctx.db, party)
    .where(and(conditions(party, listFilters), meets(period.from, period.to)))
    .orderBy(asc(permits.startAt), asc(permits.id))
    .limit(max + 1);
  const events = rows.slice(0, max).map((row): TCalendarEvent => {
    const summary = toPermitBase(party, row);
    return {
      id: summary.id,
      documentNumber: summary.documentNumber,
      taskTitle: summary.taskTitle,
      status: summary.status,
      startAt: summary.startAt!,
      endAt: summary.endAt,
      criticality: summary.criticality ? { name: summary.criticality.name, colour: summary.criticality.colour } : null,
      sector: summary.sector ? { id: summary.sector.id, name: summary.sector.name } : null,
      contractor: summary.contractor,
    };
  });
  return { events, truncated: rows.length > max };
}

/** GET /api/permits/calendar: the caller's permits of the period, filtered as the list is. */
export async function permitCalendar(ctx: TContext, caller: TCaller, query: TCalendarQuery): Promise<TPermitCalendar> {
  const party = await permitPartyOf(ctx, caller);
  const { from, to, ...filters } = query;
  return calendarEvents(ctx, party, { from: new Date(from), to: new Date(to) }, filters, CALENDAR_MAX_EVENTS);
}
