import { z } from "zod";
import { V } from "../validation";
import { ZInstantSchema } from "./dates";
import { ZPermitListQuerySchema, ZPermitStatusSchema } from "./permits";

/** The longest period one calendar call covers: a month view shows six weeks at most. */
export const CALENDAR_MAX_DAYS = 62;
/** At most this many permits in one calendar answer (`truncated` says there were more). */
export const CALENDAR_MAX_EVENTS = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/permits/calendar?from&to&<the list's filters> (the permit parties): the permits the caller sees (as in
 * the list) that have a start and whose work period meets [from, to), at most 62 days apart, earliest first.
 * The list's other filters (status, divisionId, sectorId, contractorId, workTypeId, criticality, q…) apply as they
 * do to the list; its view, sort and pages do not.
 */
export const ZPermitCalendarFiltersSchema = ZPermitListQuerySchema.omit({
  view: true,
  sort: true,
  page: true,
  pageSize: true,
  from: true,
  to: true,
});
export type TPermitCalendarFilters = z.output<typeof ZPermitCalendarFiltersSchema>;

export const ZPermitCalendarQuerySchema = ZPermitCalendarFiltersSchema.extend({
  from: ZInstantSchema(),
  to: ZInstantSchema(),
}).superRefine((query, issues) => {
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (span <= 0 || span > CALENDAR_MAX_DAYS * DAY_MS) {
    issues.addIssue({ code: "custom", path: ["to"], message: V.invalidValue });
  }
});
export type TPermitCalendarQuery = z.input<typeof ZPermitCalendarQuerySchema>;

const ZNamedSchema = z.object({ id: z.string(), name: z.string() });

/** One permit as the calendar shows it: its number, title, status, period, level colour, place and contractor. */
export const ZCalendarEventSchema = z.object({
  id: z.string(),
  documentNumber: z.string().nullable(),
  taskTitle: z.string(),
  status: ZPermitStatusSchema,
  startAt: z.iso.datetime(),
  /** A draft may have a start and no end yet. */
  endAt: z.iso.datetime().nullable(),
  criticality: z.object({ name: z.string(), colour: z.string() }).nullable(),
  sector: ZNamedSchema.nullable(),
  contractor: ZNamedSchema.nullable(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEventSchema>;

export const ZPermitCalendarSchema = z.object({
  events: z.array(ZCalendarEventSchema),
  /** More permits meet the period than the answer holds: narrow it with the filters or a shorter view. */
  truncated: z.boolean(),
});
export type TPermitCalendar = z.infer<typeof ZPermitCalendarSchema>;

/**
 * The caller's private calendar (iCal) feed, for any permit party (the Admin sees no permits: 403).
 * GET /api/calendar-feed → `{ data: TCalendarFeed }` (url null: none yet, or turned off).
 * POST /api/calendar-feed → creates one, or replaces it (the old address stops working) → `{ data: TCalendarFeed }`.
 * DELETE /api/calendar-feed → 204: turned off (the address stops working).
 * GET /api/public/calendar/<token>.ics (no sign-in; the address is the credential) → text/calendar: the permits
 * the feed's owner may see now, from 30 days ago to 180 days ahead. Unknown, revoked or forged: 404.
 */
export const ZCalendarFeedSchema = z.object({
  url: z.url().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeedSchema>;
