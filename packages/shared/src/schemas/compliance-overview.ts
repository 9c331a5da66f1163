import { z } from "zod";
import { COMPLIANCE_KINDS, STANDINGS } from "../compliance/standing";
import { LIMITS, V } from "../validation";
import { ZIdSchema, ZPageQuerySchema } from "./common";
import { ZDayInRangeSchema } from "./dates";

/**
 * The principal's compliance view (docs/safety.md, "Contractor compliance"): where each contractor affiliated with
 * the enterprise now, and each of their active workers, stands against each of its enabled requirements today.
 */

/** A comma-separated list in a query string (`?standing=expired,missing`), each value one of `values`. */
const ZListOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) => s.split(",").filter((v) => v.length > 0))
    .refine((list) => list.every((v) => values.includes(v)), { error: V.invalidValue })
    .transform((list) => list as T[number][]);

const ZOverviewFilters = z.object({
  supplierId: ZIdSchema.optional(),
  standing: ZListOf(STANDINGS).optional(),
  kind: z.enum(COMPLIANCE_KINDS, { error: V.invalidValue }).optional(),
  /** "true": only what is required of every contractor or crew member. */
  requiredOnly: z.enum(["true", "false"]).optional(),
  /** Part of the contractor's or the worker's name. */
  q: z.string().trim().max(LIMITS.short).optional(),
});

/**
 * GET /api/compliance/overview?page&pageSize&supplierId&standing&kind&requiredOnly&q (the Enterprise, its
 * SuperResponsibles) → ZComplianceOverviewSchema: by contractor, then the company's own documents, then each worker.
 */
export const ZComplianceOverviewQuerySchema = ZPageQuerySchema.extend(ZOverviewFilters.shape);
export type TComplianceOverviewQuery = z.infer<typeof ZComplianceOverviewQuerySchema>;

/** GET /api/compliance/overview/export?format=csv|xlsx with the same filters: the whole filtered set, no page. */
export const ZComplianceExportQuerySchema = ZOverviewFilters.extend({ format: z.enum(["csv", "xlsx"]) });
export type TComplianceExportQuery = z.infer<typeof ZComplianceExportQuerySchema>;

export const ZComplianceOverviewRowSchema = z.object({
  contractor: z.object({ id: z.string(), name: z.string() }),
  /** Null: a company document. */
  worker: z.object({ id: z.string(), name: z.string() }).nullable(),
  requirement: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(COMPLIANCE_KINDS),
    requiredOfAll: z.boolean(),
  }),
  standing: z.enum(STANDINGS),
  /** The last valid day of what meets it, or of the last accepted item once expired (null: none, or no end). */
  validUntil: z.string().nullable(),
});
export type TComplianceOverviewRow = z.infer<typeof ZComplianceOverviewRowSchema>;

export const ZComplianceOverviewSchema = z.object({
  data: z.array(ZComplianceOverviewRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Rows per standing under every filter but the standing one (the filter chips). */
  counts: z.object(
    Object.fromEntries(STANDINGS.map((s) => [s, z.number().int()])) as Record<(typeof STANDINGS)[number], z.ZodNumber>,
  ),
});
export type TComplianceOverview = z.infer<typeof ZComplianceOverviewSchema>;

/**
 * POST /api/compliance/inductions (the principal's staff): a worker of a contractor affiliated now has followed the
 * enterprise's site induction. `validUntil` defaults to the last day of the requirement's validity and may not pass
 * it; `inductedOn` not in the future. Recorded as accepted evidence → 201 `{ data: TComplianceOverviewRow }`.
 */
const ZDay = ZDayInRangeSchema().refine((d) => d >= "2000-01-01" && d <= "2100-12-31", {
  message: V.dateOutOfRange,
});
export const ZInductionInputSchema = z
  .object({
    requirementId: ZIdSchema,
    workerId: ZIdSchema,
    inductedOn: ZDay,
    validUntil: ZDay.nullable().optional(),
  })
  .refine((i) => !i.validUntil || i.validUntil >= i.inductedOn, {
    message: V.dateRangeOrder,
    path: ["validUntil"],
  });
export type TInductionInput = z.input<typeof ZInductionInputSchema>;
