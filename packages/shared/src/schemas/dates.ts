import { z } from "zod";
import { V } from "../validation";

/**
 * The years a date or instant the API takes may fall in (docs/decisions.md "Dates the API takes: years 1900 to
 * 2999"). Wider than any permit, filter or calibration needs, narrow enough that what the server derives from one
 * (a period five years on, a day in another zone, a window's end) stays a four-digit year that PostgreSQL and
 * JavaScript both read: year 0000 does not exist in PostgreSQL, and a year past 9999 does not print as ISO 8601.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** The year an ISO 8601 date or instant starts with is in DATE_YEARS (the zone's offset is within a day of it). */
export function inDateYears(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return /^\d{4}-/.test(iso) && year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** An instant with its offset (`2026-11-26T08:00:00+01:00`), in DATE_YEARS (400 `dateOutOfRange` otherwise). */
export const ZInstantSchema = (error: string = V.invalidValue) =>
  z.iso.datetime({ offset: true, error }).refine(inDateYears, { error: V.dateOutOfRange });

/** A calendar day `YYYY-MM-DD` that exists, in DATE_YEARS (400 `dateOutOfRange` otherwise). */
export const ZDayInRangeSchema = (error: string = V.invalidValue) =>
  z.iso.date({ error }).refine(inDateYears, { error: V.dateOutOfRange });
