import { SECTOR_MAP_MAX_BYTES, SECTOR_MAP_TYPES, V, ZSectorInputSchema, ZSectorNumberSchema } from "@openpermit/shared";
import { z } from "zod";

export const MAP_TOO_LARGE = "organisation:sectors.mapTooLarge";
export const MAP_WRONG_TYPE = "organisation:sectors.mapWrongType";
export const MAP_ACCEPT = SECTOR_MAP_TYPES.join(",");

/** Why a chosen map file cannot be sent, before sending it (the server checks the content again). */
export function mapFileProblem(file: File): string | null {
  if (!(SECTOR_MAP_TYPES as readonly string[]).includes(file.type)) return MAP_WRONG_TYPE;
  if (file.size > SECTOR_MAP_MAX_BYTES) return MAP_TOO_LARGE;
  return null;
}

/**
 * Web-only: the shared sector fields plus the map file, optional: a sector can start without a plan and get one
 * later (docs/decisions.md "A sector without a plan").
 */
export const sectorFormSchema = ZSectorInputSchema.extend({
  // The number box gives text; the API takes a number.
  number: z.coerce.number({ error: V.invalidNumberFormat }).pipe(ZSectorNumberSchema),
  map: z.custom<File | null>().superRefine((file, context) => {
    const problem = file ? mapFileProblem(file) : null;
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
});

/** The sector's fields as the API takes them, read from the form's values. */
export const sectorInputOf = (values: TSectorFormValues) => sectorFormSchema.omit({ map: true }).parse(values);

export interface TSectorFormValues extends Record<string, unknown> {
  name: string;
  divisionId: string;
  gatheringPoint: string;
  number: number | string;
  map: File | null;
}
