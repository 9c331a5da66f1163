import { z } from "zod";
import { V } from "../validation";
import { ZIdSchema } from "./common";
import { PERMIT_LIMITS, ZPermitActorSchema } from "./permits";

/**
 * Emergency stops (docs/safety.md, "Suspension and emergency stop"). The Enterprise, or a SuperResponsible for
 * its own division, declares an emergency for one sector or a whole division with a reason: every live permit
 * there (Approved, accepted, In_progress) is suspended in the same transaction, and while it is in force no permit
 * there starts or resumes. Lifting it resumes nothing: each permit needs its own resume signature.
 *
 * POST /api/emergencies with TEmergencyDeclaration → 201 `{ data: TEmergency }` (another tenant's or division's
 *   division or sector: 404; a sector outside the division named: 400 `sectorId`; no reason: 400 `reason`).
 * GET /api/emergencies → `{ data: TEmergency[] }`: those in force first, then the last lifted ones, of the
 *   caller's scope (the enterprise's; a SuperResponsible's or Responsible's division).
 * POST /api/emergencies/:id/lift with TEmergencyLift → `{ data: TEmergency }` (already lifted: 409).
 */
const reason = z
  .string({ error: V.descriptionRequired })
  .trim()
  .min(1, V.descriptionRequired)
  .max(PERMIT_LIMITS.remarkMax, V.max500);

export const ZEmergencyDeclarationSchema = z.object({
  divisionId: ZIdSchema,
  /** One sector of the division; absent or null: the whole division. */
  sectorId: ZIdSchema.nullable().optional(),
  reason,
});
export type TEmergencyDeclaration = z.infer<typeof ZEmergencyDeclarationSchema>;

export const ZEmergencyLiftSchema = z.object({
  remark: z.string({ error: V.invalidValue }).trim().max(PERMIT_LIMITS.remarkMax, V.max500).optional(),
});
export type TEmergencyLift = z.infer<typeof ZEmergencyLiftSchema>;

export const ZEmergencySchema = z.object({
  id: z.string(),
  division: z.object({ id: z.string(), name: z.string() }),
  /** Null: the whole division. */
  sector: z.object({ id: z.string(), name: z.string(), number: z.number().int() }).nullable(),
  reason: z.string(),
  declaredBy: ZPermitActorSchema,
  declaredAt: z.iso.datetime(),
  /** How many live permits it suspended when declared. */
  suspendedCount: z.number().int(),
  liftedBy: ZPermitActorSchema,
  liftedAt: z.iso.datetime().nullable(),
  liftRemark: z.string().nullable(),
  /** Whether the caller may lift it (the Enterprise, or a SuperResponsible of its division). */
  canLift: z.boolean(),
});
export type TEmergency = z.infer<typeof ZEmergencySchema>;
