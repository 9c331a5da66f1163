import { z } from "zod";
import type { TLanguage } from "../languages";
import { GAS_RETEST_MINUTES } from "../permits/gas-tests";
import { LIMITS, V } from "../validation";
import {
  AT_LEAST_ONE_FIELD,
  requiredText,
  ZEnterpriseReadQuerySchema,
  ZIdSchema,
  ZPersonNameSchema,
  ZSearchPageQuerySchema,
} from "./common";
import { ZGasRetestMinutesSchema } from "./gas-tests";
import { PERMIT_WINDOW_DEFAULTS, PERMIT_WINDOW_LIMITS } from "./permit-window";

/**
 * Risk configuration: the EPI catalogue and an enterprise's picks, work types, risks, specific
 * critical risks, useful links, risk assignment and the risk matrix.
 *
 * Conventions as in organisation.ts: success answers are `{ data }`, lists `{ data, page, pageSize, total }`,
 * ids are uuids, times ISO. Outputs are plain strings (not the input rules) so rows stored before a rule
 * existed stay readable. Another enterprise's ids answer 404, exactly like ids that do not exist.
 */

const ZNameSchema = ZPersonNameSchema; // 2–50, "name required"

/** An optional text of at most 250 characters (trimmed); absent means empty. */
const optionalText = (max: 50 | 250) =>
  z
    .string({ error: V.invalidValue })
    .trim()
    .max(max, max === 50 ? V.max50 : V.max250);

/** At least one field in a PATCH body. */
const someField = <T extends z.ZodObject>(schema: T) =>
  schema
    .partial()
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
    .meta(AT_LEAST_ONE_FIELD);

/** An http(s) URL of at most 500 characters (`urlRequired` when empty, `validUrl` otherwise). */
export const ZHttpUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.urlRequired : V.validUrl) })
  .trim()
  .min(1, { error: V.urlRequired, abort: true })
  .max(500, V.validUrl)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: V.validUrl }));

export const RISK_LIMITS = {
  nameMax: LIMITS.short,
  descriptionMax: LIMITS.long,
  procedureTextMax: 5000,
  checklistItems: 50,
  checklistItemMax: LIMITS.long,
  procedureLinks: 20,
  linkIds: 50,
  /** Procedure files per work type or specific risk. */
  filesPerOwner: 20,
  /** Axes (probability, severity) and criticality levels of the matrix. */
  matrixAxisMax: 10,
  matrixLevelsMax: 10,
} as const;

/** A checklist: ordered items (the array order), each 1–250 characters, at most 50. */
export const ZChecklistInputSchema = z
  .array(requiredText(V.checklistItemRequired, 250), { error: V.invalidValue })
  .max(RISK_LIMITS.checklistItems, V.tooManyItems);

/**
 * The positions (0-based) of the checklist items a permit may answer "not applicable" with a reason instead of
 * ticking them (an item that cannot apply to every job, e.g. "scaffold tagged" when no scaffold is used). None by
 * default: every item must be ticked. Each position must name an item of the checklist it goes with.
 */
export const ZChecklistMayBeNotApplicableSchema = z
  .array(z.number({ error: V.invalidValue }).int(V.invalidValue).min(0, V.invalidValue).max(49, V.invalidValue), {
    error: V.invalidValue,
  })
  .max(RISK_LIMITS.checklistItems, V.tooManyItems)
  .refine((positions) => new Set(positions).size === positions.length, V.invalidValue);

/** A file attached as a procedure (work types, specific risks). GET `url` with the bearer token. */
export const ZProcedureFileSchema = z.object({
  id: z.string(),
  /** The name the uploader gave it (display only; the type was read from the content). */
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type TProcedureFile = z.infer<typeof ZProcedureFileSchema>;

/**
 * Procedure files (multipart, field `file`), checked by content: PDF, PNG/JPEG/WebP, and the Office Open XML
 * and OpenDocument formats. Legacy binary Office files (.doc, .xls) are refused (415): their content cannot be
 * told apart from other compound files, and they carry macros.
 */
export const PROCEDURE_FILE_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
] as const;
export const PROCEDURE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Icons and logograms: PNG, JPEG or WebP by content (415 otherwise), at most 2 MB (413). No SVG (scripts). */
export const ICON_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const ICON_MAX_BYTES = 2 * 1024 * 1024;

/** An icon or logogram; `url` changes with every upload. */
export const ZIconSchema = z.object({
  url: z.string(),
  contentType: z.enum(ICON_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  updatedAt: z.iso.datetime(),
});

// ── EPI (protective equipment): the platform catalogue (Admin) ─────────────────────────────────────

/** POST /api/epis, PATCH /api/epis/:id (partial). The icon is uploaded after, with PUT /api/epis/:id/icon. */
export const ZEpiInputSchema = z.object({
  name: ZNameSchema,
  /** The name French readers read (the web by its language, the PDF by its own); empty: they read `name`. */
  nameFr: optionalText(50).default(""),
  description: optionalText(250).default(""),
});
export type TEpiInput = z.infer<typeof ZEpiInputSchema>;
export const ZEpiUpdateSchema = someField(
  z.object({ name: ZNameSchema, nameFr: optionalText(50), description: optionalText(250) }),
);

export const ZEpiSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The French name; empty when the admin gave none (French readers then read `name`: see `epiName`). */
  nameFr: z.string(),
  description: z.string(),
  icon: ZIconSchema.nullable(),
  /**
   * Set once deleted (DELETE /api/epis/:id is a soft delete): a deleted EPI leaves the catalogue and the picks,
   * but GET /api/epis/:id and its icon stay readable for the permits that name it.
   */
  deletedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TEpi = z.infer<typeof ZEpiSchema>;

/**
 * The EPI's name as a reader of `language` reads it (the web's UI language, a PDF's own): the French name for a French
 * reader when the admin gave one, else the English `name` (docs/decisions.md, "The EPI catalogue in both languages").
 */
export const epiName = (epi: { name: string; nameFr: string }, language: TLanguage): string =>
  language === "fr" && epi.nameFr ? epi.nameFr : epi.name;

/**
 * GET /api/epis?q&page&pageSize (Admin; deleted ones are left out). Also: GET /api/epis/:id (Admin),
 * DELETE /api/epis/:id → 204, PUT /api/epis/:id/icon (multipart, field `icon`, ICON_TYPES, ICON_MAX_BYTES)
 * → `{ data: TEpi }`, DELETE /api/epis/:id/icon → `{ data: TEpi }` (also when it had none), GET
 * /api/epis/:id/icon?v (any signed-in user) → the image bytes.
 */
export const ZEpiListQuerySchema = ZSearchPageQuerySchema;

// ── EPI picks of an enterprise ─────────────────────────────────────────────────────────────────────

/** GET /api/enterprise-epis?q&selected&page&pageSize: the catalogue, each with whether the enterprise uses it. */
export const ZEnterpriseEpiSchema = ZEpiSchema.omit({ deletedAt: true }).extend({ selected: z.boolean() });
export type TEnterpriseEpi = z.infer<typeof ZEnterpriseEpiSchema>;
export const ZEnterpriseEpiListQuerySchema = ZSearchPageQuerySchema.extend({
  /** `true`: only the enterprise's picks (what a risk assignment may require); `false`: only the others. */
  selected: z.enum(["true", "false"]).optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

/**
 * PUT /api/enterprise-epis (Enterprise): the whole set of picks; unknown or deleted ids → 400 with
 * `epiIds: invalidValue`. Answers `{ data: { epiIds } }`. Unpicked EPIs leave the enterprise's risk assignments.
 */
export const ZEnterpriseEpisInputSchema = z.object({
  epiIds: z.array(ZIdSchema, { error: V.invalidValue }).max(200, V.tooManyItems),
});
export const ZEnterpriseEpisSchema = z.object({ epiIds: z.array(z.string()) });

// ── Work types ─────────────────────────────────────────────────────────────────────────────────────

/** A work type's maximum permit validity: whole hours, 1 to a week (the default is one 12-hour shift). */
const ZMaxValidityHoursSchema = z
  .number({ error: V.invalidValue })
  .int(V.invalidValue)
  .min(1, V.invalidValue)
  .max(PERMIT_WINDOW_LIMITS.maxValidityHoursMax, V.invalidValue);

export const WORK_TYPE_KINDS = ["general", "procedure"] as const;
export const ZWorkTypeKindSchema = z.enum(WORK_TYPE_KINDS, { error: V.invalidValue });
export type TWorkTypeKind = z.infer<typeof ZWorkTypeKindSchema>;

/** POST /api/work-types, PATCH /api/work-types/:id (partial; `checklist` replaces the whole list). */
export const ZWorkTypeInputSchema = z.object({
  kind: ZWorkTypeKindSchema,
  name: ZNameSchema,
  description: optionalText(250).default(""),
  procedure: z.string({ error: V.invalidValue }).trim().max(RISK_LIMITS.procedureTextMax, V.max5000).default(""),
  checklist: ZChecklistInputSchema.default([]),
  checklistMayBeNotApplicable: ZChecklistMayBeNotApplicableSchema.default([]),
  maxValidityHours: ZMaxValidityHoursSchema.default(PERMIT_WINDOW_DEFAULTS.maxValidityHours),
  gasTestRequired: z.boolean({ error: V.invalidValue }).default(false),
  gasRetestMinutes: ZGasRetestMinutesSchema.default(GAS_RETEST_MINUTES.default),
});
export type TWorkTypeInput = z.infer<typeof ZWorkTypeInputSchema>;
export const ZWorkTypeUpdateSchema = someField(
  z.object({
    kind: ZWorkTypeKindSchema,
    name: ZNameSchema,
    description: optionalText(250),
    procedure: z.string({ error: V.invalidValue }).trim().max(RISK_LIMITS.procedureTextMax, V.max5000),
    checklist: ZChecklistInputSchema,
    checklistMayBeNotApplicable: ZChecklistMayBeNotApplicableSchema,
    maxValidityHours: ZMaxValidityHoursSchema,
    gasTestRequired: z.boolean({ error: V.invalidValue }),
    gasRetestMinutes: ZGasRetestMinutesSchema,
  }),
);

export const ZWorkTypeSchema = z.object({
  id: z.string(),
  kind: ZWorkTypeKindSchema,
  name: z.string(),
  description: z.string(),
  procedure: z.string(),
  /** In order. */
  checklist: z.array(z.string()),
  /** The positions of the items a permit may answer "not applicable" (with a reason). */
  checklistMayBeNotApplicable: z.array(z.number().int()),
  /** The longest window a permit of this type may have (hours): a send asking for more is refused. */
  maxValidityHours: z.number().int(),
  /** A passing gas test no older than `gasRetestMinutes` is needed to start or resume its permits. */
  gasTestRequired: z.boolean(),
  gasRetestMinutes: z.number().int(),
  files: z.array(ZProcedureFileSchema),
  createdAt: z.iso.datetime(),
});
export type TWorkType = z.infer<typeof ZWorkTypeSchema>;

/**
 * GET /api/work-types?kind&q&page&pageSize. Also: GET /api/work-types/:id, DELETE /api/work-types/:id → 204
 * (soft: permits keep naming it; it leaves the risk assignments), POST /api/work-types/:id/files (multipart,
 * field `file`, PROCEDURE_FILE_TYPES, PROCEDURE_FILE_MAX_BYTES) → 201 `{ data: TProcedureFile }`,
 * GET /api/work-types/:id/files/:fileId → the bytes (as an attachment), DELETE the same → 204.
 */
export const ZWorkTypeListQuerySchema = ZSearchPageQuerySchema.extend({
  kind: ZWorkTypeKindSchema.optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

/** The params of /api/work-types/:id/files/:fileId and /api/specific-risks/:id/files/:fileId. */
export const ZOwnerFileParamsSchema = z.object({ id: ZIdSchema, fileId: ZIdSchema });

// ── Risks ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The minimum criticality level a risk or specific critical risk imposes on the permits that name it
 * (permitLevel): a level of the enterprise's matrix (another id → 400 `minLevelId: invalidValue`); null: none.
 */
const ZMinLevelIdSchema = z.union([z.null(), ZIdSchema], { error: V.invalidValue });

/** POST /api/risks, PATCH /api/risks/:id (partial). */
export const ZRiskInputSchema = z.object({
  name: ZNameSchema,
  description: optionalText(250).default(""),
  category: optionalText(50).default(""),
  critical: z.boolean({ error: V.invalidValue }).default(false),
  minLevelId: ZMinLevelIdSchema.default(null),
});
export type TRiskInput = z.infer<typeof ZRiskInputSchema>;
export const ZRiskUpdateSchema = someField(
  z.object({
    name: ZNameSchema,
    description: optionalText(250),
    category: optionalText(50),
    critical: z.boolean({ error: V.invalidValue }),
    minLevelId: ZMinLevelIdSchema,
  }),
);

export const ZRiskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  critical: z.boolean(),
  /** The lowest criticality level a permit naming this risk may have (null: none). */
  minLevelId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TRisk = z.infer<typeof ZRiskSchema>;

/**
 * GET /api/risks?q&critical&page&pageSize (`critical=true`: the "Critical risks" list). Also GET /api/risks/:id,
 * DELETE /api/risks/:id → 204 (soft; it leaves the risk assignments).
 */
export const ZRiskListQuerySchema = ZSearchPageQuerySchema.extend({
  critical: z.enum(["true", "false"]).optional(),
  ...ZEnterpriseReadQuerySchema.shape,
});

// ── Useful links ───────────────────────────────────────────────────────────────────────────────────

/** POST /api/links, PATCH /api/links/:id (partial). */
export const ZLinkInputSchema = z.object({
  title: requiredText(V.titleRequired, 50).pipe(z.string().min(LIMITS.nameMin, V.min2)),
  url: ZHttpUrlSchema,
  tag: optionalText(50).default(""),
});
export type TLinkInput = z.infer<typeof ZLinkInputSchema>;
export const ZLinkUpdateSchema = someField(
  z.object({
    title: requiredText(V.titleRequired, 50).pipe(z.string().min(LIMITS.nameMin, V.min2)),
    url: ZHttpUrlSchema,
    tag: optionalText(50),
  }),
);

export const ZLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  tag: z.string(),
  createdAt: z.iso.datetime(),
});
export type TLink = z.infer<typeof ZLinkSchema>;

/** GET /api/links?q&tag&page&pageSize. Also DELETE /api/links/:id → 204 (it is detached from specific risks). */
export const ZLinkListQuerySchema = ZSearchPageQuerySchema.extend({ tag: z.string().trim().max(50).optional() });

// ── Specific critical risks ────────────────────────────────────────────────────────────────────────

/** A procedure given as a link. */
export const ZProcedureLinkSchema = z.object({
  title: requiredText(V.titleRequired, 50),
  url: ZHttpUrlSchema,
});

/**
 * POST /api/specific-risks, PATCH /api/specific-risks/:id (partial; arrays replace the whole list). `linkIds`
 * attach useful links of the same enterprise (unknown ids → 400 `linkIds: invalidValue`). The logogram is
 * uploaded after, with PUT /api/specific-risks/:id/logogram; procedure files with POST …/files.
 */
export const ZSpecificRiskInputSchema = z.object({
  name: ZNameSchema,
  description: requiredText(V.descriptionRequired, 250),
  checklist: ZChecklistInputSchema.default([]),
  checklistMayBeNotApplicable: ZChecklistMayBeNotApplicableSchema.default([]),
  /** Optional; when given, an http(s) URL. `null` or "" clears it. */
  trainingUrl: z
    .union([z.literal("").transform(() => null), z.null(), ZHttpUrlSchema], { error: V.validUrl })
    .default(null),
  procedureLinks: z.array(ZProcedureLinkSchema).max(RISK_LIMITS.procedureLinks, V.tooManyItems).default([]),
  linkIds: z.array(ZIdSchema).max(RISK_LIMITS.linkIds, V.tooManyItems).default([]),
  minLevelId: ZMinLevelIdSchema.default(null),
});
export type TSpecificRiskInput = z.infer<typeof ZSpecificRiskInputSchema>;
export const ZSpecificRiskUpdateSchema = someField(
  z.object({
    name: ZNameSchema,
    description: requiredText(V.descriptionRequired, 250),
    checklist: ZChecklistInputSchema,
    checklistMayBeNotApplicable: ZChecklistMayBeNotApplicableSchema,
    trainingUrl: z.union([z.literal("").transform(() => null), z.null(), ZHttpUrlSchema], { error: V.validUrl }),
    procedureLinks: z.array(ZProcedureLinkSchema).max(RISK_LIMITS.procedureLinks, V.tooManyItems),
    linkIds: z.array(ZIdSchema).max(RISK_LIMITS.linkIds, V.tooManyItems),
    minLevelId: ZMinLevelIdSchema,
  }),
);

export const ZSpecificRiskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  checklist: z.array(z.string()),
  /** The positions of the items a permit may answer "not applicable" (with a reason). */
  checklistMayBeNotApplicable: z.array(z.number().int()),
  trainingUrl: z.string().nullable(),
  procedureLinks: z.array(z.object({ title: z.string(), url: z.string() })),
  links: z.array(ZLinkSchema),
  logogram: ZIconSchema.nullable(),
  files: z.array(ZProcedureFileSchema),
  /** As for risks: the lowest criticality level of a permit naming it (null: none). */
  minLevelId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TSpecificRisk = z.infer<typeof ZSpecificRiskSchema>;

/**
 * GET /api/specific-risks?q&page&pageSize. Also GET /api/specific-risks/:id, DELETE → 204 (soft),
 * PUT /api/specific-risks/:id/logogram (multipart, field `logogram`, ICON_TYPES, ICON_MAX_BYTES) →
 * `{ data: TSpecificRisk }`, DELETE …/logogram → `{ data: TSpecificRisk }` (also when it had none),
 * GET /api/specific-risks/:id/logogram?v → the image bytes, and procedure files as
 * for work types: POST /api/specific-risks/:id/files, GET/DELETE /api/specific-risks/:id/files/:fileId.
 */
export const ZSpecificRiskListQuerySchema = ZSearchPageQuerySchema.extend(ZEnterpriseReadQuerySchema.shape);

// ── Risk assignment ────────────────────────────────────────────────────────────────────────────────

/** Exactly one of sectorId and subSectorId (`placeRequired` on `sectorId` otherwise). */
const onePlace = <T extends { sectorId?: string | undefined; subSectorId?: string | undefined }>(v: T) =>
  (v.sectorId === undefined) !== (v.subSectorId === undefined);

/** GET /api/risk-assignments?sectorId|subSectorId&workTypeId: one assignment (empty lists when none). */
export const ZRiskAssignmentQuerySchema = z
  .object({ sectorId: ZIdSchema.optional(), subSectorId: ZIdSchema.optional(), workTypeId: ZIdSchema })
  .refine(onePlace, { message: V.placeRequired, path: ["sectorId"] });

/**
 * PUT /api/risk-assignments: replaces the assignment of that place and work type (empty lists clear it).
 * Every id must be of the caller's enterprise (risks, specific risks, work type) and EPIs among its picks,
 * else 400 with `riskIds` / `specificRiskIds` / `epiIds`: invalidValue. A place the caller does not see → 404.
 */
export const ZRiskAssignmentInputSchema = z
  .object({
    sectorId: ZIdSchema.optional(),
    subSectorId: ZIdSchema.optional(),
    workTypeId: ZIdSchema,
    riskIds: z.array(ZIdSchema).max(200, V.tooManyItems),
    specificRiskIds: z.array(ZIdSchema).max(200, V.tooManyItems),
    epiIds: z.array(ZIdSchema).max(200, V.tooManyItems),
  })
  .refine(onePlace, { message: V.placeRequired, path: ["sectorId"] });
export type TRiskAssignmentInput = z.infer<typeof ZRiskAssignmentInputSchema>;

const ZNamed = z.object({ id: z.string(), name: z.string() });
export const ZAssignedRiskSchema = ZNamed.extend({ critical: z.boolean(), category: z.string() });
export const ZAssignedEpiSchema = ZNamed.extend({ nameFr: z.string(), iconUrl: z.string().nullable() });
export const ZAssignedSpecificRiskSchema = ZNamed.extend({ logogramUrl: z.string().nullable() });

/** The answer of GET and PUT /api/risk-assignments. */
export const ZRiskAssignmentSchema = z.object({
  sectorId: z.string().nullable(),
  subSectorId: z.string().nullable(),
  workTypeId: z.string(),
  risks: z.array(ZAssignedRiskSchema),
  specificRisks: z.array(ZAssignedSpecificRiskSchema),
  epis: z.array(ZAssignedEpiSchema),
  /** Whether the caller may PUT this assignment. */
  canEdit: z.boolean(),
});
export type TRiskAssignment = z.infer<typeof ZRiskAssignmentSchema>;

/** GET /api/risk-assignments/applicable?sectorId&subSectorId&workTypeId (subSectorId optional, of that sector). */
export const ZApplicableQuerySchema = z.object({
  sectorId: ZIdSchema,
  subSectorId: ZIdSchema.optional(),
  workTypeId: ZIdSchema,
  ...ZEnterpriseReadQuerySchema.shape,
});

/**
 * What applies to a place and work type: the sector's assignment ∪ the sub-sector's additions. An item is
 * `inherited: true` when it comes from the sector's assignment and a sub-sector was asked for (it is listed
 * once even when the sub-sector names it too). The permit form pre-fills from this.
 */
export const ZApplicableSchema = z.object({
  sectorId: z.string(),
  subSectorId: z.string().nullable(),
  workType: z.object({ id: z.string(), name: z.string(), kind: ZWorkTypeKindSchema, checklist: z.array(z.string()) }),
  risks: z.array(ZAssignedRiskSchema.extend({ inherited: z.boolean() })),
  specificRisks: z.array(
    ZAssignedSpecificRiskSchema.extend({
      checklist: z.array(z.string()),
      trainingUrl: z.string().nullable(),
      inherited: z.boolean(),
    }),
  ),
  epis: z.array(ZAssignedEpiSchema.extend({ inherited: z.boolean() })),
});
export type TApplicable = z.infer<typeof ZApplicableSchema>;

// ── Risk matrix (criticality) ──────────────────────────────────────────────────────────────────────

export const CRITICALITY_FLOWS = ["verify", "verify_and_approve"] as const;
export const ZCriticalityFlowSchema = z.enum(CRITICALITY_FLOWS, { error: V.invalidValue });
export type TCriticalityFlow = z.infer<typeof ZCriticalityFlowSchema>;

export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * In PUT /api/risk-matrix, `id` names an item so cells can point at it: an id the GET gave keeps that item
 * (permits that name it keep their meaning); any other key (e.g. "new-1") makes a new item.
 */
const ZMatrixKeySchema = z.string({ error: V.invalidValue }).trim().min(1, V.invalidValue).max(64, V.invalidValue);

const ZAxisLevelInputSchema = z.object({
  id: ZMatrixKeySchema,
  /** 1 is the lowest probability or the mildest severity. Unique on its axis. */
  rank: z
    .number({ error: V.invalidNumberFormat })
    .int(V.invalidNumberFormat)
    .min(1, V.invalidValue)
    .max(99, V.invalidValue),
  label: requiredText(V.nameRequired, 50),
});

const ZCriticalityLevelInputSchema = z.object({
  id: ZMatrixKeySchema,
  name: requiredText(V.nameRequired, 50),
  colour: z.string({ error: V.invalidColour }).trim().regex(COLOUR_PATTERN, V.invalidColour),
  description: optionalText(250).default(""),
  flow: ZCriticalityFlowSchema,
});

/**
 * PUT /api/risk-matrix: the whole matrix in one write. Both axes non-empty (else `severityProbabilityRequired`
 * on `probabilities` / `severities`), at least one level (`levels: severityProbabilityRequired`), ranks unique per
 * axis (`probabilities.2.rank: duplicateValue`), ids unique, and exactly one cell per probability × severity
 * naming existing items (`cells: matrixIncomplete` / `cells.4.levelId: invalidValue`). These whole-matrix checks
 * are reported once every item's own fields are valid (labels, colours, flows).
 */
export const ZRiskMatrixInputSchema = z
  .object({
    probabilities: z
      .array(ZAxisLevelInputSchema)
      .min(1, V.severityProbabilityRequired)
      .max(RISK_LIMITS.matrixAxisMax, V.tooManyItems),
    severities: z
      .array(ZAxisLevelInputSchema)
      .min(1, V.severityProbabilityRequired)
      .max(RISK_LIMITS.matrixAxisMax, V.tooManyItems),
    levels: z
      .array(ZCriticalityLevelInputSchema)
      .min(1, V.severityProbabilityRequired)
      .max(RISK_LIMITS.matrixLevelsMax, V.tooManyItems),
    cells: z.array(
      z.object({ probabilityId: ZMatrixKeySchema, severityId: ZMatrixKeySchema, levelId: ZMatrixKeySchema }),
    ),
  })
  .superRefine((m, ctx) => {
    const uniqueRanks = (axis: "probabilities" | "severities") => {
      const seen = new Set<number>();
      m[axis].forEach((item, i) => {
        if (seen.has(item.rank)) ctx.addIssue({ code: "custom", message: V.duplicateValue, path: [axis, i, "rank"] });
        seen.add(item.rank);
      });
    };
    uniqueRanks("probabilities");
    uniqueRanks("severities");
    const ids = new Set<string>();
    for (const key of ["probabilities", "severities", "levels"] as const) {
      m[key].forEach((item, i) => {
        if (ids.has(item.id)) ctx.addIssue({ code: "custom", message: V.duplicateValue, path: [key, i, "id"] });
        ids.add(item.id);
      });
    }
    const probabilities = new Set(m.probabilities.map((p) => p.id));
    const severities = new Set(m.severities.map((s) => s.id));
    const levels = new Set(m.levels.map((l) => l.id));
    const filled = new Set<string>();
    m.cells.forEach((cell, i) => {
      if (!probabilities.has(cell.probabilityId))
        ctx.addIssue({ code: "custom", message: V.invalidValue, path: ["cells", i, "probabilityId"] });
      if (!severities.has(cell.severityId))
        ctx.addIssue({ code: "custom", message: V.invalidValue, path: ["cells", i, "severityId"] });
      if (!levels.has(cell.levelId))
        ctx.addIssue({ code: "custom", message: V.invalidValue, path: ["cells", i, "levelId"] });
      const key = `${cell.probabilityId}\u0000${cell.severityId}`;
      if (filled.has(key)) ctx.addIssue({ code: "custom", message: V.duplicateValue, path: ["cells", i] });
      filled.add(key);
    });
    const complete = m.probabilities.every((p) => m.severities.every((s) => filled.has(`${p.id}\u0000${s.id}`)));
    if (!complete) ctx.addIssue({ code: "custom", message: V.matrixIncomplete, path: ["cells"] });
  });
export type TRiskMatrixInput = z.infer<typeof ZRiskMatrixInputSchema>;

export const ZAxisLevelSchema = z.object({ id: z.string(), rank: z.number().int(), label: z.string() });
export const ZCriticalityLevelSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  description: z.string(),
  flow: ZCriticalityFlowSchema,
});
export type TCriticalityLevel = z.infer<typeof ZCriticalityLevelSchema>;

/**
 * GET /api/risk-matrix (also the answer of PUT, POST /api/risk-matrix/default and PATCH …/settings). Axes by
 * rank, levels in the order saved. Empty arrays until the enterprise makes one (the web then shows
 * "Severity and probability must be added to the table").
 */
export const ZRiskMatrixSchema = z.object({
  probabilities: z.array(ZAxisLevelSchema),
  severities: z.array(ZAxisLevelSchema),
  levels: z.array(ZCriticalityLevelSchema),
  cells: z.array(z.object({ probabilityId: z.string(), severityId: z.string(), levelId: z.string() })),
  /** The enterprise lets its super-responsibles edit the matrix and the risk assignments of their division. */
  superResponsibleMayEdit: z.boolean(),
  /** Whether the caller may write the matrix. */
  canEdit: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type TRiskMatrix = z.infer<typeof ZRiskMatrixSchema>;

/** PATCH /api/risk-matrix/settings (Enterprise). */
export const ZRiskMatrixSettingsSchema = z.object({ superResponsibleMayEdit: z.boolean({ error: V.invalidValue }) });

/**
 * GET /api/risk-matrix/criticality?probabilityId&severityId → the level of that cell. Ids not of the caller's
 * matrix → 404; no matrix yet → 409 RISK_MATRIX_EMPTY.
 */
export const ZCriticalityQuerySchema = z.object({
  probabilityId: ZIdSchema,
  severityId: ZIdSchema,
  ...ZEnterpriseReadQuerySchema.shape,
});
export const ZCriticalitySchema = z.object({
  probability: ZAxisLevelSchema,
  severity: ZAxisLevelSchema,
  level: ZCriticalityLevelSchema,
});
export type TCriticality = z.infer<typeof ZCriticalitySchema>;

/** POST /api/risk-matrix/default replaces the matrix with this one: 5 × 5, four levels. */
export const DEFAULT_RISK_MATRIX = {
  probabilities: ["Rare", "Unlikely", "Possible", "Likely", "Almost certain"],
  severities: ["Negligible", "Minor", "Moderate", "Major", "Catastrophic"],
  levels: [
    { name: "Low", colour: "#2f9e44", description: "Acceptable with the usual precautions.", flow: "verify" },
    {
      name: "Medium",
      colour: "#fab005",
      description: "Reduce the risk; a verifier and an approver sign.",
      flow: "verify_and_approve",
    },
    { name: "High", colour: "#fd7e14", description: "Extra measures before work starts.", flow: "verify_and_approve" },
    {
      name: "Critical",
      colour: "#e03131",
      description: "Do not start until the risk is reduced.",
      flow: "verify_and_approve",
    },
  ],
} as const satisfies {
  probabilities: readonly string[];
  severities: readonly string[];
  levels: readonly { name: string; colour: string; description: string; flow: TCriticalityFlow }[];
};

/**
 * The default level (index into DEFAULT_RISK_MATRIX.levels) of probability rank p and severity rank s (1–5):
 * by the score p × s — 1–4 Low, 5–9 Medium, 10–16 High, 20–25 Critical.
 */
export function defaultCriticalityIndex(p: number, s: number): number {
  const score = p * s;
  if (score <= 4) return 0;
  if (score <= 9) return 1;
  if (score <= 16) return 2;
  return 3;
}
