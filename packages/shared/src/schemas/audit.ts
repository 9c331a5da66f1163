import { z } from "zod";
import type { TPermitAction } from "../permits/workflow";
import { V } from "../validation";
import { ZPageQuerySchema } from "./common";
import { ZDayInRangeSchema } from "./dates";

/**
 * The audit trail (docs/decisions.md, The audit trail): who did what, when (UTC), in which tenant, to which object. The Enterprise reads and
 * exports its own trail (its chain) only; everyone else 403.
 */
export const AUDIT_ACTIONS = [
  "auth.signIn",
  "auth.signInFailed",
  "auth.signInRefused",
  "auth.signInThrottled",
  "auth.passwordChanged",
  "auth.passwordReset",
  "access.refused",
  "permission.changed",
  "permission.imported",
  "riskMatrix.changed",
  "riskMatrix.reset",
  "riskMatrix.settingsChanged",
  "permitSettings.changed",
  "account.created",
  "account.updated",
  "account.disabled",
  "account.enabled",
  "account.deleted",
  "company.statusChanged",
  "permit.send",
  "permit.verify",
  "permit.recheck",
  "permit.reject",
  "permit.approve",
  "permit.accept",
  "permit.start",
  "permit.end",
  "permit.handBack",
  "permit.suspend",
  "permit.resume",
  "emergency.declared",
  "emergency.lifted",
  "permit.signatureFailed",
  "permit.cancel",
  "permit.duplicated",
  "permit.rerated",
  "permit.crewChanged",
  "permit.crewSignOn",
  "permit.crewSignOff",
  "permit.extensionAsked",
  "permit.extensionSigned",
  "permit.extensionRefused",
  "permit.handoverStarted",
  "permit.handedOver",
  "permit.handoverCancelled",
  "permit.deleted",
  "isolation.applied",
  "isolation.proven",
  "isolation.released",
  "permit.gasTested",
  "gas.created",
  "gas.changed",
  "gas.deleted",
  "workerCard.reissued",
  "workerCard.photoChanged",
  "workerCard.photoRemoved",
  "complianceRequirement.created",
  "complianceRequirement.changed",
  "complianceRequirement.deleted",
  "complianceRequirement.workTypeChanged",
  "complianceReminders.changed",
  "complianceInduction.recorded",
  "complianceEvidence.given",
  "complianceEvidence.accepted",
  "complianceEvidence.refused",
  "complianceEvidence.withdrawn",
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every permit transition has its audit action (checked by the compiler). */
export const permitAuditAction = (action: TPermitAction) => `permit.${action}` as const satisfies TAuditAction;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30), in the years the API takes (schemas/dates.ts). */
const ZDaySchema = ZDayInRangeSchema();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/audit?from&to&action&actor&page&pageSize — newest first. `from` and `to` are UTC days, both included;
 * `actor` matches part of the actor's e-mail.
 */
export const ZAuditQuerySchema = ZPageQuerySchema.extend({
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: V.invalidValue }).optional(),
  actor: z.string({ error: V.invalidValue }).trim().max(150, V.invalidValue).optional(),
}).superRefine((query, context) => {
  if (query.from && query.to && DAY.test(query.from) && DAY.test(query.to) && query.to < query.from) {
    context.addIssue({ code: "custom", path: ["to"], message: V.dateRangeOrder });
  }
});
export type TAuditQuery = z.input<typeof ZAuditQuerySchema>;

/** GET /api/audit/export?<the same>&format — at most AUDIT_EXPORT_MAX_ROWS entries, newest first. */
export const ZAuditExportQuerySchema = ZAuditQuerySchema.safeExtend({ format: z.enum(["csv", "xlsx"]) });
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const ZAuditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  /**
   * What a reader sees instead of the ids the entry holds (its object's and those in its details): a permit's
   * document number, a person's, place's or company's name, an isolation point's tag — as they are named today. An id
   * with no label here is shown as it is.
   */
  labels: z.record(z.string(), z.string()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;
