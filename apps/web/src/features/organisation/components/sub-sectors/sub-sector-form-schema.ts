import { V, ZPersonNameSchema } from "@openpermit/shared";
import { z } from "zod";
import { toPercent } from "../map/map-coordinates";

export const POSITION_REQUIRED = "organisation:subSectors.positionRequired";

/** A position typed as a percentage of the map (0–100), from its left and from its top. */
const ZPercent = z.number({ error: POSITION_REQUIRED }).min(0, V.invalidValue).max(100, V.invalidValue);

/** Web-only: the keyboard alternative to the map shows percentages; they become fractions when sent. */
export const subSectorFormSchema = z.object({ name: ZPersonNameSchema, x: ZPercent, y: ZPercent });

/** A sector without a plan: a name only, its sub-sectors are listed until a plan lets them be placed. */
export const unplacedSubSectorFormSchema = z.object({ name: ZPersonNameSchema });

export interface TSubSectorFormValues extends Record<string, unknown> {
  name: string;
  /** Percent from the left edge, or "" before a place is chosen. */
  x: number | string;
  /** Percent from the top edge. */
  y: number | string;
}

/** A saved position as the form shows it: percentages, or empty fields when not placed. */
export function percentsOf(point: { x: number | null; y: number | null }): Pick<TSubSectorFormValues, "x" | "y"> {
  return point.x === null || point.y === null ? { x: "", y: "" } : { x: toPercent(point.x), y: toPercent(point.y) };
}

/** The form's position as fractions, when both coordinates are numbers. */
export function positionOf(values: TSubSectorFormValues): { x: number; y: number } | null {
  const { x, y } = values;
  if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { x: Math.min(1, Math.max(0, x / 100)), y: Math.min(1, Math.max(0, y / 100)) };
}
