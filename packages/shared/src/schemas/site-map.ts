import { z } from "zod";
import { ZIdSchema } from "./common";
import { ZIsolationEnergySchema } from "./isolations";
import { ZPermitStatusSchema } from "./permits";
import { ZDaySchema, ZTimeZoneSchema } from "./time-zone";

/**
 * The live site map (docs/safety.md, "Live site map"): what is happening on site now and today, for the principal's
 * staff. Each sector's plan with its sub-sectors, the permits live there (status, suspended, overdue) and the
 * isolations in place; a division's sectors with counts. Refreshed through the notification stream: each permit
 * event and isolation change sends a `site` event naming the sector to the streams of the people who see it.
 *
 * GET /api/site-map/sectors?divisionId&tz → `{ data: TSiteSectors }`: the sectors the caller sees (of one division
 *   when named; another tenant's or division's division: 404), each with its counts.
 * GET /api/site-map/sectors/:id?tz → `{ data: TSiteSector }`: one sector (404 when not seen): its sub-sectors, the
 *   permits on it now and today, the isolations in place.
 */

/** "Today" is the reader's day: the permits whose window touches it, and every one in progress whatever its window. */
export const ZSiteMapQuerySchema = z.object({
  tz: ZTimeZoneSchema.default("UTC"),
  divisionId: ZIdSchema.optional(),
});
export type TSiteMapQuery = z.input<typeof ZSiteMapQuerySchema>;
export const ZSiteSectorQuerySchema = ZSiteMapQuerySchema.pick({ tz: true });

/** The statuses a permit shows on the map with: sent and under review, approved, accepted, in progress. */
export const SITE_MAP_STATUSES = ["sended", "Recheck", "Confirmed", "Approved", "accepted", "In_progress"] as const;

/** At most this many permits on one sector's map; more is said, not drawn (`truncated`). */
export const SITE_MAP_MAX_PERMITS = 300;

const count = z.number().int().min(0);

export const ZSiteSectorSummarySchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  number: z.number().int(),
  divisionId: ZIdSchema,
  divisionName: z.string(),
  hasMap: z.boolean(),
  /** In progress now (suspended ones included). */
  inProgress: count,
  suspended: count,
  /** In progress past the end of its window, not closed out. */
  overdue: count,
  /** Every permit shown on the map today (the ones above included). */
  today: count,
  isolationsInPlace: count,
  /** An emergency stop in force here (for the sector or its whole division). */
  emergency: z.boolean(),
});
export type TSiteSectorSummary = z.infer<typeof ZSiteSectorSummarySchema>;

export const ZSiteSectorsSchema = z.object({ today: ZDaySchema, sectors: z.array(ZSiteSectorSummarySchema) });
export type TSiteSectors = z.infer<typeof ZSiteSectorsSchema>;

export const ZSitePermitSchema = z.object({
  id: ZIdSchema,
  documentNumber: z.string().nullable(),
  taskTitle: z.string(),
  status: ZPermitStatusSchema,
  subSectorId: ZIdSchema.nullable(),
  startAt: z.iso.datetime({ offset: true }).nullable(),
  endAt: z.iso.datetime({ offset: true }).nullable(),
  levelName: z.string().nullable(),
  levelColour: z.string().nullable(),
  suspended: z.boolean(),
  overdue: z.boolean(),
});
export type TSitePermit = z.infer<typeof ZSitePermitSchema>;

export const ZSiteIsolationSchema = z.object({
  id: ZIdSchema,
  tag: z.string(),
  equipment: z.string(),
  energy: ZIsolationEnergySchema,
  subSectorId: ZIdSchema.nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  appliedAt: z.iso.datetime({ offset: true }),
  proven: z.boolean(),
});
export type TSiteIsolation = z.infer<typeof ZSiteIsolationSchema>;

export const ZSiteSectorSchema = z.object({
  today: ZDaySchema,
  sector: ZSiteSectorSummarySchema,
  /** x, y null: not placed (the sector has no plan yet); listed beside the plan instead of pinned on it. */
  subSectors: z.array(
    z.object({ id: ZIdSchema, name: z.string(), x: z.number().nullable(), y: z.number().nullable() }),
  ),
  permits: z.array(ZSitePermitSchema),
  /** More permits than SITE_MAP_MAX_PERMITS: the list shows the first ones (in progress first). */
  truncated: z.boolean(),
  isolations: z.array(ZSiteIsolationSchema),
});
export type TSiteSector = z.infer<typeof ZSiteSectorSchema>;

/** The `site` event of the notification stream: something changed on this sector. */
export const ZSiteEventSchema = z.object({ sectorId: ZIdSchema });
export type TSiteEvent = z.infer<typeof ZSiteEventSchema>;
