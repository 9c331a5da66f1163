import { z } from "zod";
import type { TRole } from "../auth/roles";
import { SIGNATURE_KINDS } from "../permits/signatures";
import { PERMIT_CHECK_REASONS } from "../permits/validity";
import { V } from "../validation";
import { ZPageQuerySchema } from "./common";

/**
 * Notifications (the bell and its drawer, in every layout). A notification keeps its kind and parameters; the web
 * app words it in the reader's language (locales' `notifications` namespace, key = kind).
 */
export const NOTIFICATION_KINDS = [
  // A permit's transitions, to the people concerned (never to the person who acted).
  "permit.sent", // to the Verifiers of the sector
  "permit.verified", // to the creator's side, and to the Approvers when the level needs approval
  "permit.recheck", // to the creator's side, with the remark
  "permit.rejected", // to the creator's side, with the remark
  "permit.approved", // to the creator's side
  "permit.accepted", // to the Verifier and the Approver who handled it
  "permit.started", // to the creator's side and the managers who handled it
  "permit.ended", // same
  "permit.cancelled", // to everyone who handled it or waits for it
  "permit.rerated", // to the creator's side, when a verifier changes the rating (remark: the reason)
  "permit.suspended", // suspensionAudience: the holder's side and the area's managers (remark: the reason)
  "permit.resumed", // the same people, when a manager signs the resumption
  "permit.emergencyStopped", // the same people, for each live permit an emergency stop suspended (remark: the reason)
  "permit.emergencyLifted", // the same people, for each permit the emergency still holds when lifted (remark: the lift's)
  "permit.crewAdded", // to a worker named on a permit's crew
  "permit.extensionAsked", // to the sector's signers of extensions (Approvers, or Verifiers for a verify-only level)
  "permit.extensionSigned", // to the holder's side: the end moved
  "permit.extensionRefused", // to the holder's side, with the remark
  "permit.handoverAsked", // to the incoming holder named by the outgoing one
  "permit.handedOver", // to the holder's side, the managers who handled it and the crew: a new holder
  "permit.isolationApplied", // to the sector's managers, for each permit needing the point: a second person must prove it (remark: the tag)
  "permit.isolationProven", // to the holder's side, for each permit needing the point: it no longer holds the start (remark: the tag)
  // Time-driven (the scheduler).
  "permit.startsSoon", // to the creator's side, before the start time of an accepted permit
  "permit.overdue", // to the creator's side and the sector's managers, when a permit in progress passes its end
  "permit.overdueEscalated", // to the division's SuperResponsibles and the Enterprise, after the overdue grace
  "permit.expired", // to the creator's side and the sector's managers: the window passed before the work started
  "permit.gasRetestDue", // to the creator's side and the sector's managers: in progress, its gas re-test is overdue
  "permit.waitingEscalated", // to the division's SuperResponsibles and the Enterprise: sent or verified too long ago
  "permit.handoverDue", // to the holder's side and the sector's managers: a shift passed without a handover
  "permit.complianceLapsed", // to the holder's side and the sector's managers: a crew member's or the contractor's required item no longer valid during the work
  // Permit credits (params: enterpriseName, quantity, remaining, actorName, remark).
  "credits.requested", // to the admins, when an enterprise asks for credits
  "credits.approved", // to the enterprise's Enterprise accounts: the purchase is recorded
  "credits.denied", // same, with the admin's reason
  "credits.low", // same, when a first send leaves CREDITS_LOW_THRESHOLD credits or none
  // Contractor compliance (params: requirementName, holderName, validUntil, daysLeft).
  "compliance.expiring", // to the contractor's Supplier accounts, the worker and the Enterprise: an item ends soon
  // Evidence (params: requirementName, supplierName, workerName, enterpriseName, actorName; reviewed: decision, remark).
  "compliance.evidenceGiven", // to the enterprise's Enterprise accounts and SuperResponsibles: evidence waits for review
  "compliance.evidenceReviewed", // to the contractor's Supplier accounts and the worker: accepted, or refused (remark: the reason)
] as const;
export const ZNotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKindSchema>;
/** The kinds about one permit (their params name it: documentNumber, taskTitle). */
export type TPermitNotificationKind = Extract<TNotificationKind, `permit.${string}`>;
export type TCreditNotificationKind = Extract<TNotificationKind, `credits.${string}`>;

export const ZNotificationSchema = z.object({
  id: z.string(),
  kind: ZNotificationKindSchema,
  /**
   * For permits: documentNumber, taskTitle, actorName (who acted), remark; for credits: enterpriseName, quantity,
   * remaining, remark. Values are strings, numbers or null.
   */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The in-app path to open, in the reader's own area (e.g. `/responsible/permit/<id>`). */
  link: z.string().nullable(),
  readAt: z.iso.datetime().nullable(),
  /**
   * When what it called for was done, by its reader or by anyone else it went to (the permit moved on, the extension
   * was decided, the isolation proven…): a done notice is also read. The stream sends it again as
   * `notification-done`.
   */
  doneAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/**
 * GET /api/notifications?unread&page&pageSize (any signed-in user: its own, newest first) → ZPageSchema.
 * GET /api/notifications/unread-count → `{ data: { count } }`.
 * POST /api/notifications/:id/read → `{ data: TNotification }` (another person's: 404); POST
 * /api/notifications/read-all → `{ data: { count } }` (how many were marked).
 * POST /api/notifications/stream-ticket → `{ data: { ticket } }`: a one-minute token for
 * GET /api/notifications/stream?ticket=… — Server-Sent Events (EventSource cannot send the bearer header):
 * event `notification` with a TNotification as data, each time one is created for the user, on any server
 * instance (PostgreSQL LISTEN/NOTIFY); a comment line every 25 s keeps proxies from closing it.
 */
export const ZNotificationListQuerySchema = ZPageQuerySchema.extend({
  unread: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export const ZStreamTicketSchema = z.object({ ticket: z.string() });
export const ZStreamQuerySchema = z.object({ ticket: z.string().min(1).max(2000) });

/**
 * The public check of a printed permit (its QR code): GET /api/public/permit-checks/:token (no sign-in; an
 * unknown token is 404) → `{ data: TPermitCheck }`, shown by the web app at /auth/permit-check/:token. Only
 * what someone on site needs to trust the paper: nothing about people or the work itself.
 */
export const ZPermitCheckSchema = z.object({
  documentNumber: z.string(),
  status: z.string(),
  startAt: z.iso.datetime().nullable(),
  endAt: z.iso.datetime().nullable(),
  sector: z.string().nullable(),
  subSector: z.string().nullable(),
  enterprise: z.string(),
  /** Whether the permit allows work right now: In_progress and within its period. */
  validNow: z.boolean(),
  /** Why it is valid or not now (permitCheckReason), a code the page words in the reader's language. */
  reason: z.enum(PERMIT_CHECK_REASONS),
  /** In progress with its close-out recorded, waiting for the area manager's hand-back. */
  awaitingHandBack: z.boolean(),
  /** Suspended (its work stopped) since when; null when not suspended. The reason is not public. */
  suspendedAt: z.iso.datetime().nullable(),
  /**
   * Who signed (name and role), when, and the first characters of the signed content's hash (to compare with the
   * paper); voided ones are marked.
   */
  signatures: z.array(
    z.object({
      kind: z.enum(SIGNATURE_KINDS),
      signer: z.string().nullable(),
      role: z.string().nullable(),
      signedAt: z.iso.datetime(),
      hashPrefix: z.string(),
      voided: z.boolean(),
    }),
  ),
  /** The isolations the permit needs and where each stands now (start waits for every one to be proven). */
  isolations: z
    .array(z.object({ tag: z.string(), equipment: z.string(), state: z.enum(["none", "applied", "proven"]) }))
    .default([]),
  /** The names of the workers signed on now (names only: nothing else about them). */
  crewSignedOn: z.array(z.string()),
  /** The latest gas test where the work type requires one (its verdict and when); null otherwise or before the first. */
  lastGasTest: z.object({ passed: z.boolean(), at: z.iso.datetime() }).nullable().default(null),
  /** The permit holder now (a name), and whether a shift passed without a recorded handover. */
  holder: z.string().nullable().default(null),
  handoverDue: z.boolean().default(false),
  /** The signed extensions (old end → new end, when) and the accepted handovers (from → to, when). */
  extensions: z
    .array(z.object({ oldEndAt: z.iso.datetime(), newEndAt: z.iso.datetime(), signedAt: z.iso.datetime() }))
    .default([]),
  handovers: z
    .array(z.object({ from: z.string().nullable(), to: z.string().nullable(), at: z.iso.datetime() }))
    .default([]),
  checkedAt: z.iso.datetime(),
});
export type TPermitCheck = z.infer<typeof ZPermitCheckSchema>;

/**
 * Who may receive each kind (the audiences of the server's `modules/notifications/audiences.ts`): the principal's
 * staff and the contractors create permits (the creator's side); only Responsibles are a sector's Verifiers and
 * Approvers, hence the handlers. A new kind must say who gets it here: the e-mail preferences list these.
 */
const PERMIT_CREATORS = ["Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"] as const;
/** Who answers for the principal's permits above the sector: escalations go to them. */
const PRINCIPAL_OVERSIGHT = ["Enterprise", "SuperResponsible"] as const;
export const NOTIFICATION_KIND_ROLES: Record<TNotificationKind, readonly TRole[]> = {
  "permit.sent": ["Responsible"],
  "permit.verified": PERMIT_CREATORS,
  "permit.recheck": PERMIT_CREATORS,
  "permit.rejected": PERMIT_CREATORS,
  "permit.approved": PERMIT_CREATORS,
  "permit.accepted": ["Responsible"],
  "permit.started": PERMIT_CREATORS,
  "permit.ended": PERMIT_CREATORS,
  "permit.cancelled": PERMIT_CREATORS,
  "permit.rerated": PERMIT_CREATORS,
  "permit.suspended": PERMIT_CREATORS,
  "permit.resumed": PERMIT_CREATORS,
  "permit.emergencyStopped": PERMIT_CREATORS,
  "permit.emergencyLifted": PERMIT_CREATORS,
  // The workers a permit may name: a contractor's people, the principal's managers (docs/decisions.md, Crew).
  "permit.crewAdded": ["SuperResponsible", "Responsible", "Supplier", "Employee"],
  "permit.extensionAsked": ["Responsible"],
  "permit.extensionSigned": PERMIT_CREATORS,
  "permit.extensionRefused": PERMIT_CREATORS,
  // A holder is a permit's own people: a contractor's, or the principal's managers (like the crew).
  "permit.handoverAsked": ["SuperResponsible", "Responsible", "Supplier", "Employee"],
  "permit.handedOver": PERMIT_CREATORS,
  // The proof is a second person's: the sector's other managers (Verifiers and Approvers are Responsibles).
  "permit.isolationApplied": ["Responsible"],
  "permit.isolationProven": PERMIT_CREATORS,
  "permit.startsSoon": PERMIT_CREATORS,
  "permit.overdue": PERMIT_CREATORS,
  "permit.overdueEscalated": PRINCIPAL_OVERSIGHT,
  "permit.expired": PERMIT_CREATORS,
  "permit.gasRetestDue": PERMIT_CREATORS,
  "permit.waitingEscalated": PRINCIPAL_OVERSIGHT,
  "permit.handoverDue": PERMIT_CREATORS,
  "permit.complianceLapsed": PERMIT_CREATORS,
  "credits.requested": ["Admin"],
  "credits.approved": ["Enterprise"],
  "credits.denied": ["Enterprise"],
  "credits.low": ["Enterprise"],
  "compliance.expiring": ["Enterprise", "Supplier", "Employee"],
  "compliance.evidenceGiven": PRINCIPAL_OVERSIGHT,
  "compliance.evidenceReviewed": ["Supplier", "Employee"],
};

/** The kinds a role may receive, in the order of NOTIFICATION_KINDS. */
export function notificationKindsOf(role: TRole): TNotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_ROLES[kind].includes(role));
}

/**
 * GET /api/me/notification-preferences (any signed-in user, its own) → `{ data: TNotificationPreferences }`: each
 * kind the caller's role may receive, and whether it also comes by e-mail (in the app it always comes).
 * PUT /api/me/notification-preferences `{ email: { [kind]: boolean } }` → the same: kinds left out keep their
 * setting; a kind that is not one of the caller's is refused (400 VALIDATION_FAILED naming `email.<kind>`).
 */
export const ZNotificationPreferencesSchema = z.object({
  kinds: z.array(z.object({ kind: ZNotificationKindSchema, email: z.boolean() })),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

export const ZNotificationPreferencesUpdateSchema = z.object({
  email: z.partialRecord(ZNotificationKindSchema, z.boolean({ error: V.invalidValue }), { error: V.invalidValue }),
});
export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdateSchema>;
