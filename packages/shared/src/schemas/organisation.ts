import { z } from "zod";
import { LIMITS, V } from "../validation";
import {
  AT_LEAST_ONE_FIELD,
  requiredText,
  ZEmailSchema,
  ZEnterpriseReadQuerySchema,
  ZIdSchema,
  ZPersonNameSchema,
  ZPhoneSchema,
  ZSearchPageQuerySchema,
} from "./common";
import { ZAccountStatusSchema } from "./profile";

const ZNameSchema = ZPersonNameSchema; // 2–50, "name required"

// ── Divisions ──────────────────────────────────────────────────────────────────────────────────────

/** POST /api/divisions, PATCH /api/divisions/:id (every field; the spec requires them all). */
export const ZDivisionInputSchema = z.object({
  name: ZNameSchema,
  description: requiredText(V.descriptionRequired, 250),
  address: requiredText(V.addressRequired, 150),
  province: requiredText(V.provinceRequired, 50),
  postalCode: requiredText(V.postalCodeRequired, 50),
  country: requiredText(V.countryRequired, 50),
});
export type TDivisionInput = z.infer<typeof ZDivisionInputSchema>;

/**
 * A division as the API returns it. Plain strings, not the input rules: a division stored before a rule
 * existed (e.g. without a province) must still be readable.
 */
export const ZDivisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  createdAt: z.iso.datetime(),
  /** What the division holds (a division holding anything cannot be deleted). */
  sectorCount: z.number().int(),
  peopleCount: z.number().int(),
});
export type TDivision = z.infer<typeof ZDivisionSchema>;

/** GET /api/divisions?q&page&pageSize */
export const ZDivisionListQuerySchema = ZSearchPageQuerySchema;

// ── Sectors (zones) ────────────────────────────────────────────────────────────────────────────────

/** Accepted sector-map images (checked by content) and their size limit. */
export const SECTOR_MAP_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const SECTOR_MAP_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A sector's number, as JSON carries it: a number, never the text of one (the API document says integer, and the
 * server accepts what it says). A form's text box gives text: the web app's form schema reads it as a number first.
 */
export const ZSectorNumberSchema = z
  .number({ error: V.invalidNumberFormat })
  .int(V.invalidNumberFormat)
  .min(1, V.invalidNumberFormat)
  .max(99_999, V.invalidNumberFormat);

/** POST /api/sectors (JSON); the map is uploaded after with PUT /api/sectors/:id/map (multipart, field `map`). */
export const ZSectorInputSchema = z.object({
  name: ZNameSchema,
  divisionId: z.uuid({ error: V.divisionRequired }),
  gatheringPoint: requiredText(V.gatheringPointRequired, 150),
  /** Unique within the division (409 SECTOR_NUMBER_TAKEN). */
  number: ZSectorNumberSchema,
});
export type TSectorInput = z.infer<typeof ZSectorInputSchema>;
export const ZSectorUpdateSchema = ZSectorInputSchema.partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: V.atLeastOneField,
  })
  .meta(AT_LEAST_ONE_FIELD);

export const ZSectorMapSchema = z.object({
  /** GET this URL (with the bearer token) for the image; it changes when a new map is uploaded. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.enum(SECTOR_MAP_TYPES),
  updatedAt: z.iso.datetime(),
});

export const ZSectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.number().int(),
  gatheringPoint: z.string(),
  division: z.object({ id: z.string(), name: z.string() }),
  map: ZSectorMapSchema.nullable(),
  subSectorCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TSector = z.infer<typeof ZSectorSchema>;

/** GET /api/sectors?divisionId&q&page&pageSize */
export const ZSectorListQuerySchema = ZSearchPageQuerySchema.extend({
  divisionId: ZIdSchema.optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

// ── Sub-sectors (sub-zones) ────────────────────────────────────────────────────────────────────────

/** A position on the sector map as fractions of the image (0..1 from the top-left corner). */
export const ZMapFractionSchema = z
  .number({ error: V.invalidNumberFormat })
  .min(0, V.invalidValue)
  .max(1, V.invalidValue);

/** Both coordinates or neither (absent counts as none): a place is on the plan or not at all. */
export const placedWhole = (v: { x?: number | null | undefined; y?: number | null | undefined }) =>
  (v.x == null) === (v.y == null);

/** A change of place sends both coordinates (a move) or both null (taken off the plan), never one alone. */
export const movedWhole = (v: { x?: number | null | undefined; y?: number | null | undefined }) =>
  (v.x === undefined) === (v.y === undefined) && placedWhole(v);

const subSectorFields = {
  name: ZNameSchema,
  /** Absent or null: listed under its sector, not placed (a sector without a plan yet). Both or neither. */
  x: ZMapFractionSchema.nullable().optional(),
  y: ZMapFractionSchema.nullable().optional(),
};

/** POST /api/sub-sectors */
export const ZSubSectorInputSchema = z
  .object({ ...subSectorFields, sectorId: ZIdSchema })
  .refine(placedWhole, { message: V.invalidValue, path: ["y"] });
/** PATCH /api/sub-sectors/:id (partial) */
export const ZSubSectorUpdateSchema = z
  .object(subSectorFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .refine(movedWhole, { message: V.invalidValue, path: ["y"] })
  .meta(AT_LEAST_ONE_FIELD);

export const ZSubSectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  sectorId: z.string(),
  sectorName: z.string(),
  /** Null: not placed (its sector has no plan yet, or it was never put on it). */
  x: z.number().nullable(),
  y: z.number().nullable(),
  createdAt: z.iso.datetime(),
});
export type TSubSector = z.infer<typeof ZSubSectorSchema>;

/** GET /api/sub-sectors?sectorId&divisionId&q&page&pageSize */
export const ZSubSectorListQuerySchema = ZSearchPageQuerySchema.extend({
  sectorId: ZIdSchema.optional(),
  divisionId: ZIdSchema.optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

// ── Managers (super-responsibles and responsibles) ─────────────────────────────────────────────────

export const MANAGER_ROLES = ["SuperResponsible", "Responsible"] as const;
export const ZManagerRoleSchema = z.enum(MANAGER_ROLES);

/** POST /api/managers: the new manager gets an invitation e-mail (EMAIL_EXISTS 409 when taken). */
export const ZManagerInputSchema = z.object({
  role: ZManagerRoleSchema,
  divisionId: z.uuid({ error: V.divisionRequired }),
  name: ZNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema,
});
export type TManagerInput = z.infer<typeof ZManagerInputSchema>;

/** PATCH /api/managers/:id (e-mail and role do not change; the division can, for the enterprise). */
export const ZManagerUpdateSchema = z
  .object({ name: ZNameSchema, phone: ZPhoneSchema, divisionId: z.uuid({ error: V.divisionRequired }) })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .meta(AT_LEAST_ONE_FIELD);

export const ZManagerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: ZManagerRoleSchema,
  status: ZAccountStatusSchema,
  division: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.iso.datetime(),
});
export type TManager = z.infer<typeof ZManagerSchema>;

/**
 * GET /api/managers?role&divisionId&status&q&page&pageSize. Also, each answering `{ data: TManager }`:
 * POST /api/managers/:id/disable, /enable (idempotent) and /resend-invitation (409 CONFLICT unless `invited`);
 * DELETE /api/managers/:id answers 204.
 */
export const ZManagerListQuerySchema = ZSearchPageQuerySchema.extend({
  role: ZManagerRoleSchema.optional(),
  divisionId: ZIdSchema.optional(),
  status: ZAccountStatusSchema.optional(),
});

// ── Permissions matrix ────────────────────────────────────────────────────────────────────────────

/** What a permit manager may do in a sector. */
export const MATRIX_ROLES = ["none", "verifier", "approver", "both"] as const;
export const ZMatrixRoleSchema = z.enum(MATRIX_ROLES);
export type TMatrixRole = z.infer<typeof ZMatrixRoleSchema>;

/** GET /api/permissions?divisionId: rows are the division's responsibles, columns its sectors. */
export const ZPermissionsMatrixSchema = z.object({
  managers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), divisionId: z.string() })),
  sectors: z.array(z.object({ id: z.string(), name: z.string(), number: z.number().int(), divisionId: z.string() })),
  /** Only the cells that are not `none`. */
  cells: z.array(z.object({ managerId: z.string(), sectorId: z.string(), role: ZMatrixRoleSchema.exclude(["none"]) })),
});
export type TPermissionsMatrix = z.infer<typeof ZPermissionsMatrixSchema>;
export const ZPermissionsQuerySchema = z.object({ divisionId: ZIdSchema.optional() });

/** PUT /api/permissions/cell: sets one cell (`none` clears it). Manager and sector share a division. */
export const ZPermissionCellSchema = z.object({ managerId: ZIdSchema, sectorId: ZIdSchema, role: ZMatrixRoleSchema });

/**
 * GET /api/permissions/export?format=csv|xlsx&divisionId → a file with the columns below, one row per
 * non-empty cell. POST /api/permissions/import (multipart, field `file`, CSV or XLSX with the same
 * columns): every row is checked, then all rows are applied or none (IMPORT_INVALID with `error.rows`).
 * A listed row sets that cell (`None` clears it); cells the file does not list are left as they are.
 */
export const MATRIX_FILE_COLUMNS = ["Manager email", "Sector", "Role"] as const;
export const MATRIX_FILE_ROLES: Record<TMatrixRole, string> = {
  none: "None",
  verifier: "Verifier",
  approver: "Approver",
  both: "Both",
};
export const ZPermissionsExportQuerySchema = ZPermissionsQuerySchema.extend({ format: z.enum(["csv", "xlsx"]) });
export const ZPermissionsImportResultSchema = z.object({ applied: z.number().int() });

export const ORGANISATION_LIMITS = { importMaxRows: 5000, importMaxBytes: 5 * 1024 * 1024, nameMax: LIMITS.short };
