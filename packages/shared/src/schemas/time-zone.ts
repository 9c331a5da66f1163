import { z } from "zod";
import { ZDayInRangeSchema } from "./dates";

/**
 * Days as people mean them: "today" and "since Monday" depend on where the reader is. The web app sends its
 * IANA zone (`?tz=Europe/Paris`); a day (`YYYY-MM-DD`) is turned into the instant it starts there, so the
 * dashboard's figure and the list it opens count the same permits.
 */

/** True for an IANA zone name the runtime's time-zone database knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((name) => name.length > 0 && isTimeZone(name), "Unknown time zone");

/** A calendar day, `YYYY-MM-DD`, in the years the API takes (schemas/dates.ts). */
export const ZDaySchema = ZDayInRangeSchema();

const partsIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = partsIn(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant `day` begins in `timeZone` (the first instant of that date there, across DST changes too). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  // Twice: the offset at the first guess may differ from the offset at the answer when a DST change is near.
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** The date `instant` falls on in `timeZone`, as `YYYY-MM-DD`. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** `day` plus `count` days (negative goes back). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}
