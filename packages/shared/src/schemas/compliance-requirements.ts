import { z } from "zod";
import { COMPLIANCE_KINDS, CREW_RULES, REMINDER_DAYS, VALIDITY_DAYS } from "../compliance/standing";
import { V } from "../validation";
import { requiredText } from "./common";

/**
 * The enterprise's compliance requirements (docs/safety.md, "Contractor compliance"): what it asks of its
 * contractors (documents) and of the people on a crew (competences, its site induction), and when it reminds them
 * of an expiry. Set by the Enterprise; its SuperResponsibles read them.
 */

const ZWholeDays = (min: number, max: number) =>
  z.number({ error: V.invalidNumberFormat }).int(V.invalidNumberFormat).min(min, V.outOfRange).max(max, V.outOfRange);

/**
 * POST /api/compliance/requirements, PUT /api/compliance/requirements/:id (the Enterprise). `validityDays` null:
 * a valid item does not expire; `minimumCover` (documents only) is checked when a document is accepted. `enabled:
 * false` takes it off every rule (one evidence names is disabled, never deleted: DELETE → 204, or 409
 * REQUIREMENT_IN_USE). The kind is fixed once evidence names it.
 */
export const ZRequirementInputSchema = z
  .object({
    kind: z.enum(COMPLIANCE_KINDS, { error: V.invalidValue }),
    name: requiredText(V.nameRequired, 50),
    description: z.string({ error: V.invalidValue }).trim().max(250, V.max250).default(""),
    requiredOfAll: z.boolean({ error: V.invalidValue }).default(false),
    validityDays: ZWholeDays(VALIDITY_DAYS.min, VALIDITY_DAYS.max).nullable().default(null),
    minimumCover: ZWholeDays(1, 2_000_000_000).nullable().default(null),
    enabled: z.boolean({ error: V.invalidValue }).default(true),
  })
  .refine((r) => r.minimumCover === null || r.kind === "document", {
    message: V.coverOnlyForDocuments,
    path: ["minimumCover"],
  });
export type TRequirementInput = z.input<typeof ZRequirementInputSchema>;

/** GET /api/compliance/requirements (the Enterprise, its SuperResponsibles) → `{ data: TRequirement[] }`. */
export const ZRequirementSchema = z.object({
  id: z.string(),
  kind: z.enum(COMPLIANCE_KINDS),
  name: z.string(),
  description: z.string(),
  requiredOfAll: z.boolean(),
  validityDays: z.number().nullable(),
  minimumCover: z.number().nullable(),
  enabled: z.boolean(),
  /** Named by evidence: it may be disabled, not deleted, and its kind stays. */
  used: z.boolean(),
});
export type TRequirement = z.infer<typeof ZRequirementSchema>;

/**
 * GET / PUT /api/compliance/reminders: how many days before an item's last valid day its holder is reminded, a
 * second time closer to it (or not at all: null).
 */
export const ZReminderDaysSchema = z
  .object({
    first: ZWholeDays(REMINDER_DAYS.min, REMINDER_DAYS.max),
    second: ZWholeDays(REMINDER_DAYS.min, REMINDER_DAYS.max).nullable(),
  })
  .refine((r) => r.second === null || r.second < r.first, { message: V.reminderOrder, path: ["second"] });
export type TReminderDays = z.infer<typeof ZReminderDaysSchema>;

/**
 * PUT /api/work-types/:id/compliance (the Enterprise): the worker requirements (competences, inductions) a work
 * type needs of its crews, each of every member or of one at least. A document, another enterprise's or a disabled
 * requirement, or one named twice: 400 `requirements`.
 */
export const ZWorkTypeComplianceInputSchema = z.object({
  requirements: z
    .array(
      z.object({
        requirementId: z.uuid({ error: V.invalidValue }),
        rule: z.enum(CREW_RULES, { error: V.invalidValue }).default("every_worker"),
      }),
      { error: V.invalidValue },
    )
    .max(50, V.tooManyItems)
    .refine((list) => new Set(list.map((r) => r.requirementId)).size === list.length, V.duplicateValue),
});
export type TWorkTypeComplianceInput = z.input<typeof ZWorkTypeComplianceInputSchema>;

/** GET /api/work-types/:id/compliance (the Enterprise, its SuperResponsibles) → what its crews need. */
export const ZWorkTypeComplianceSchema = z.object({
  requirements: z.array(
    z.object({ requirementId: z.string(), name: z.string(), kind: z.enum(COMPLIANCE_KINDS), rule: z.enum(CREW_RULES) }),
  ),
});
export type TWorkTypeCompliance = z.infer<typeof ZWorkTypeComplianceSchema>;

/**
 * GET /api/compliance/requirements/asked (the Supplier account) → `{ data: TAskedRequirement[] }`: what each
 * enterprise it works for, asked or was invited to asks it to give evidence of (enabled documents and competences;
 * an induction is recorded by the principal's staff). `validityDays` null: a valid item does not expire.
 */
export const ZAskedRequirementSchema = z.object({
  id: z.string(),
  kind: z.enum(COMPLIANCE_KINDS),
  name: z.string(),
  description: z.string(),
  minimumCover: z.number().nullable(),
  expires: z.boolean(),
  validityDays: z.number().nullable(),
  enterprise: z.object({ id: z.string(), name: z.string() }),
});
export type TAskedRequirement = z.infer<typeof ZAskedRequirementSchema>;
