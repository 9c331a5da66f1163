import { z } from "zod";
import { LIMITS, V } from "../validation";
import {
  AT_LEAST_ONE_FIELD,
  requiredText,
  ZEnterpriseReadQuerySchema,
  ZIdSchema,
  ZLanguageSchema,
  ZSearchPageQuerySchema,
} from "./common";
import { movedWhole, placedWhole, ZMapFractionSchema } from "./organisation";

/**
 * Isolations (lock-out/tag-out, docs/safety.md "Isolations are in place before start"): a register of isolation
 * points per sector or sub-sector; a permit names the points it needs; each point is applied (lock number) and
 * proven (zero-energy test, signed by a second person) once, and serves every permit that needs it.
 */
export const ISOLATION_ENERGIES = [
  "electrical",
  "mechanical",
  "hydraulic",
  "pneumatic",
  "process",
  "thermal",
  "chemical",
] as const;
export type TIsolationEnergy = (typeof ISOLATION_ENERGIES)[number];
export const ZIsolationEnergySchema = z.enum(ISOLATION_ENERGIES, { error: V.energyRequired });

const pointFields = {
  tag: requiredText(V.tagRequired, 50),
  equipment: requiredText(V.equipmentRequired, 150),
  energy: ZIsolationEnergySchema,
  method: requiredText(V.methodRequired, 250),
  subSectorId: ZIdSchema.nullable().optional(),
  /** Both or neither: a point is placed on the map or not at all. */
  x: ZMapFractionSchema.nullable().optional(),
  y: ZMapFractionSchema.nullable().optional(),
};

/** POST /api/isolation-points (the Enterprise, or a SuperResponsible in its division). The tag is unique per enterprise. */
export const ZIsolationPointInputSchema = z
  .object({ ...pointFields, sectorId: ZIdSchema })
  .refine(placedWhole, { message: V.invalidValue, path: ["y"] });
export type TIsolationPointInput = z.infer<typeof ZIsolationPointInputSchema>;

/** PATCH /api/isolation-points/:id (partial; the sector stays: a point moves between its sector's sub-sectors). */
export const ZIsolationPointUpdateSchema = z
  .object(pointFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .refine(movedWhole, { message: V.invalidValue, path: ["y"] })
  .meta(AT_LEAST_ONE_FIELD);

const ZPersonRefSchema = z.object({ id: z.string(), name: z.string() });

/** The isolation in place on a point now (applied, perhaps proven; not yet released). */
export const ZIsolationApplicationSchema = z.object({
  id: z.string(),
  lockNumber: z.string(),
  appliedBy: ZPersonRefSchema.nullable(),
  appliedAt: z.iso.datetime(),
  provenBy: ZPersonRefSchema.nullable(),
  provenAt: z.iso.datetime().nullable(),
  /** The declaration the prover signed, in the language they read it in. */
  proofDeclaration: z.string().nullable(),
});
export type TIsolationApplication = z.infer<typeof ZIsolationApplicationSchema>;

export const ZIsolationPointSchema = z.object({
  id: z.string(),
  tag: z.string(),
  equipment: z.string(),
  energy: ZIsolationEnergySchema,
  method: z.string(),
  divisionId: z.string(),
  sectorId: z.string(),
  sectorName: z.string(),
  subSectorId: z.string().nullable(),
  subSectorName: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  /** The isolation in place now, or null when the point is not isolated. */
  application: ZIsolationApplicationSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type TIsolationPoint = z.infer<typeof ZIsolationPointSchema>;

/** GET /api/isolation-points?sectorId&subSectorId&divisionId&q&page&pageSize (`q`: tag or equipment). */
export const ZIsolationPointListQuerySchema = ZSearchPageQuerySchema.extend({
  sectorId: ZIdSchema.optional(),
  subSectorId: ZIdSchema.optional(),
  divisionId: ZIdSchema.optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

/** POST /api/isolation-points/:id/apply (the principal's staff of the sector): the lock put on it. */
export const ZIsolationApplyInputSchema = z.object({ lockNumber: requiredText(V.lockNumberRequired, 50) });

/**
 * POST /api/isolation-points/:id/prove: the zero-energy test, by a person other than the one who applied it, signed
 * like a verification (the signer's current password and the declaration ticked).
 */
export const ZIsolationProveInputSchema = z.object({
  password: z
    .string({ error: V.passwordRequired })
    .min(1, V.passwordRequired)
    .max(LIMITS.passwordMax, V.passwordMax128),
  declaration: z.literal(true, { error: V.declarationRequired }),
  language: ZLanguageSchema.optional(),
});

/** POST /api/isolation-points/:id/release: refused (409 ISOLATION_IN_USE) while a live permit needs the point. */
export const ZIsolationReleaseInputSchema = z.object({
  remark: z.string({ error: V.invalidValue }).trim().max(250, V.max250).optional(),
});

/** The statuses in which a permit needs its isolations kept: approved until it ends (docs/decisions.md). */
export const ISOLATION_LIVE_STATUSES = ["Approved", "accepted", "In_progress"] as const;

/** A permit as an isolation in place names it (a link to the permit). */
export const ZIsolationPermitRefSchema = z.object({
  id: z.string(),
  documentNumber: z.string().nullable(),
  taskTitle: z.string(),
  status: z.string(),
});

/** GET /api/isolation-points/in-place: every isolation in place now, where, since when, by whom, for which permits. */
export const ZIsolationInPlaceSchema = ZIsolationPointSchema.extend({
  application: ZIsolationApplicationSchema,
  permits: z.array(ZIsolationPermitRefSchema),
});
export type TIsolationInPlace = z.infer<typeof ZIsolationInPlaceSchema>;

/** GET /api/permits/:id/isolations: the points the permit needs, each with its isolation in place (if any). */
export const ZPermitIsolationsSchema = z.object({
  points: z.array(ZIsolationPointSchema),
  /** Tags of the points not yet applied and proven: start is refused while any is listed. */
  notReady: z.array(z.string()),
});
export type TPermitIsolations = z.infer<typeof ZPermitIsolationsSchema>;

/** PUT /api/permits/:id/isolations (whoever edits the draft, while it is saved or returned for a recheck). */
export const ZPermitIsolationsInputSchema = z.object({
  pointIds: z.array(ZIdSchema, { error: V.invalidValue }).max(100, V.tooManyItems),
});

/** The declaration a prover signs, word for word in both languages (stored with the proof). */
export const ISOLATION_PROOF_DECLARATION = {
  en: "I have tested this isolation: the equipment is at zero energy, the lock and tag are in place, and it is safe to work on.",
  fr: "J'ai testé cette consignation : l'équipement est à énergie zéro, le cadenas et l'étiquette sont en place, et l'on peut y travailler en sécurité.",
} as const;

/** Whether a point's isolation is applied and proven (what start needs of each point a permit names). */
export const isReady = (application: TIsolationApplication | null) => application?.provenAt != null;

// ── Import and export (CSV / XLSX), like the permissions matrix ────────────────────────────────────────

/** The columns of an isolation register file, in the order the export writes them (the import takes any order). */
export const ISOLATION_FILE_COLUMNS = [
  "Tag",
  "Equipment",
  "Energy",
  "Method",
  "Sector",
  "Sub-sector",
  "X %",
  "Y %",
] as const;

/**
 * GET /api/isolation-points/export?format&divisionId and POST /api/isolation-points/import?divisionId (multipart,
 * field `file`): one division's register (the Enterprise names it: 400 `divisionId` without; a SuperResponsible's
 * own by default). Sectors by number or name; an existing tag is updated, a new one added; all rows or none
 * (IMPORT_INVALID naming every bad row).
 */
export const ZIsolationFileQuerySchema = z.object({ divisionId: ZIdSchema.optional() });
export const ZIsolationExportQuerySchema = ZIsolationFileQuerySchema.extend({ format: z.enum(["csv", "xlsx"]) });
export const ZIsolationImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type TIsolationImportResult = z.infer<typeof ZIsolationImportResultSchema>;
