import { z } from "zod";
import { SHIFT_EVENTS } from "../permits/shift";
import { ZPermitCloseOutSchema, ZPermitSignatureSchema } from "../permits/signatures";
import { PERMIT_ACTIONS, PERMIT_STATUSES, type TPermitAction, type TPermitStatus } from "../permits/workflow";
import { LIMITS, V } from "../validation";
import { ZClashAcknowledgementInputSchema, ZClashAcknowledgementSchema } from "./clashes";
import { requiredText, ZComplianceGapSchema, ZIdSchema, ZLanguageSchema, ZPageQuerySchema } from "./common";
import { ZCrewActionsSchema, ZCrewIdsSchema, ZPermitCrewMemberSchema } from "./crew";
import { ZInstantSchema } from "./dates";
import { ZPermitGasTestStateSchema } from "./gas-tests";
import { PROCEDURE_FILE_TYPES, ZCriticalityFlowSchema, ZWorkTypeKindSchema } from "./risks";
import { ZPermitExtensionSchema, ZPermitHandoverSchema, ZShiftActionsSchema } from "./shift";
import { ZDaySchema, ZTimeZoneSchema } from "./time-zone";

/**
 * Permits: the request form's draft, the permit as every side reads it, its history, the lists and the
 * credits. The life cycle itself is the pure table of permits/workflow.ts.
 */

export const ZPermitStatusSchema = z.enum(PERMIT_STATUSES);
export const ZPermitActionSchema = z.enum(PERMIT_ACTIONS);

export const PERMIT_LIMITS = {
  taskTitleMax: 150,
  textMax: 5000,
  subcontractorMax: 150,
  remarkMax: 500,
  itemsMax: 100,
  checklistMax: 500,
  checklistReasonMax: 500,
  filesMax: 20,
} as const;

/** Files of a permit: PDF, images and office documents, typed by content (415 otherwise), each ≤ 20 MB (413). */
export const PERMIT_FILE_TYPES = PROCEDURE_FILE_TYPES;
export const PERMIT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The Yes/No questions of the form. `null`: not answered yet (a draft may leave them; sending may not). */
export const PERMIT_QUESTIONS = ["qualificationsAndTools", "jsaComplete", "newRiskPossible"] as const;
export type TPermitQuestion = (typeof PERMIT_QUESTIONS)[number];
export const ZPermitAnswersSchema = z.object({
  qualificationsAndTools: z.boolean().nullable().default(null),
  jsaComplete: z.boolean().nullable().default(null),
  newRiskPossible: z.boolean().nullable().default(null),
});

/** A long optional text ("" when empty). */
const longText = z.string({ error: V.invalidValue }).trim().max(PERMIT_LIMITS.textMax, V.max5000).default("");
const ids = z.array(ZIdSchema).max(PERMIT_LIMITS.itemsMax, V.tooManyItems).default([]);
const nullableId = ZIdSchema.nullable().default(null);
const nullableTime = ZInstantSchema().nullable().default(null);

/**
 * One checklist item answered: item `index` of the checklist of the work type or of a specific critical risk
 * (`sourceId`). The server keeps the item's text as it was when the permit was saved.
 */
export const ZChecklistAnswerSchema = z
  .object({
    source: z.enum(["workType", "specificRisk"], { error: V.invalidValue }),
    sourceId: ZIdSchema,
    index: z.number().int().min(0).max(49),
    checked: z.boolean(),
    /**
     * Answered "not applicable" instead of ticked: only for an item its work type or specific risk allows so
     * (checklistMayBeNotApplicable), and sending needs the reason.
     */
    notApplicable: z.boolean().default(false),
    notApplicableReason: z
      .string({ error: V.invalidValue })
      .trim()
      .max(PERMIT_LIMITS.checklistReasonMax, V.max500)
      .default(""),
  })
  // Done and not applicable at once says two things: neither can be trusted.
  .refine((item) => !(item.checked && item.notApplicable), { error: V.invalidValue, path: ["notApplicable"] });

/**
 * POST /api/permits (a new draft, `pending`) and PATCH /api/permits/:id (the whole draft again, while `pending` or
 * `Recheck`, by its creator or the creator's supplier). A draft may be incomplete; `sendMissing` says what sending
 * still needs. Contractors (Supplier, Employee) name an enterprise they are affiliated with (404
 * COMPANY_NOT_LISTED otherwise); principal staff create internal permits of their own enterprise (enterpriseId is
 * theirs) in sectors of their scope. Every id must be of the permit's enterprise (404 otherwise); a sub-sector
 * must be of the sector; a deleted sector or sub-sector is 409 SECTOR_DELETED.
 */
export const ZPermitDraftSchema = z
  .object({
    enterpriseId: ZIdSchema,
    sectorId: nullableId,
    subSectorId: nullableId,
    workTypeId: nullableId,
    taskTitle: requiredText(V.titleRequired, 150),
    jobDescription: longText,
    generalInformation: longText,
    additionalInformation: longText,
    subcontractor: z.string({ error: V.invalidValue }).trim().max(PERMIT_LIMITS.subcontractorMax, V.max150).default(""),
    startAt: nullableTime,
    endAt: nullableTime,
    probabilityId: nullableId,
    severityId: nullableId,
    riskIds: ids,
    specificRiskIds: ids,
    epiIds: ids,
    answers: ZPermitAnswersSchema.default({ qualificationsAndTools: null, jsaComplete: null, newRiskPossible: null }),
    /** The new risk and its controls, when `answers.newRiskPossible` is Yes (sending needs it then). */
    newRiskDescription: longText,
    checklist: z.array(ZChecklistAnswerSchema).max(PERMIT_LIMITS.checklistMax, V.tooManyItems).default([]),
    /** The crew: the workers of the permit's company who will do the job (schemas/crew.ts). */
    crewIds: ZCrewIdsSchema,
  })
  .refine((d) => !d.startAt || !d.endAt || Date.parse(d.endAt) > Date.parse(d.startAt), {
    path: ["endAt"],
    message: V.endAfterStart,
  });
export type TPermitDraft = z.input<typeof ZPermitDraftSchema>;
export type TPermitDraftParsed = z.output<typeof ZPermitDraftSchema>;

/**
 * What the send gate judges beyond the draft itself: the clock, the enterprise's grace before a window's start,
 * the work type's maximum validity and whether the sector is divided into sub-sectors. Left out, the draft is
 * judged on its own (complete and answered the safe way), as the form does before it knows them.
 */
export interface TSendContext {
  now: Date;
  startGraceMinutes: number;
  maxValidityHours: number;
  subSectorRequired: boolean;
}

/**
 * What stops a draft from being sent (field → validation key); empty when it may be sent. The server answers a
 * send with 400 VALIDATION_FAILED and these fields; the form lists them before Send is pressed. Besides what is
 * missing, a permit answered the unsafe way cannot go out: workers without the qualifications and tools, a job
 * safety analysis not complete, a possible new risk not described with its controls, a checklist item neither
 * ticked nor (where allowed) answered not applicable with its reason,
 * a window already past (beyond the grace) or longer than the work type allows.
 */
export function sendMissing(draft: TPermitDraftParsed, context?: TSendContext): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!draft.sectorId) missing.sectorId = V.sectorRequired;
  else if (context?.subSectorRequired && !draft.subSectorId) missing.subSectorId = V.subSectorRequired;
  if (!draft.workTypeId) missing.workTypeId = V.workTypeRequired;
  if (!draft.jobDescription) missing.jobDescription = V.descriptionRequired;
  if (!draft.startAt) missing.startAt = V.startRequired;
  if (!draft.endAt) missing.endAt = V.endRequired;
  if (!draft.probabilityId) missing.probabilityId = V.probabilityRequired;
  if (!draft.severityId) missing.severityId = V.severityRequired;
  for (const question of PERMIT_QUESTIONS) {
    if (draft.answers[question] === null) missing[`answers.${question}`] = V.answerRequired;
  }
  if (draft.answers.qualificationsAndTools === false)
    missing["answers.qualificationsAndTools"] = V.qualificationsMissing;
  if (draft.answers.jsaComplete === false) missing["answers.jsaComplete"] = V.jsaIncomplete;
  if (draft.answers.newRiskPossible === true && !draft.newRiskDescription) {
    missing.newRiskDescription = V.newRiskDescriptionRequired;
  }
  if (draft.checklist.some((item) => !item.checked && !item.notApplicable)) missing.checklist = V.checklistIncomplete;
  else if (draft.checklist.some((item) => item.notApplicable && !item.notApplicableReason)) {
    missing.checklist = V.checklistReasonRequired;
  }
  if (context && draft.startAt && draft.endAt) {
    const start = Date.parse(draft.startAt);
    const end = Date.parse(draft.endAt);
    if (start < context.now.getTime() - context.startGraceMinutes * 60_000) missing.startAt = V.startInPast;
    if (end - start > context.maxValidityHours * 3_600_000) missing.endAt = V.windowTooLong;
  }
  return missing;
}

// ── The permit as it is read ─────────────────────────────────────────────────────────────────────

const ZRef = z.object({ id: z.string(), name: z.string() });
/** A person who acted; null once the account is deleted. */
export const ZPermitActorSchema = z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable();

export const ZPermitFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  /** GET with the bearer token: the bytes, as an attachment. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type TPermitFile = z.infer<typeof ZPermitFileSchema>;

export const ZPermitSchema = z.object({
  id: z.string(),
  /** Given at the first send (per enterprise, sequential, gap-free): `PTW-2026-000123`. */
  documentNumber: z.string().nullable(),
  status: ZPermitStatusSchema,
  /** An internal permit (i-permit): made by the principal's staff for their own people, no contractor. */
  internal: z.boolean(),
  enterprise: ZRef,
  division: ZRef.nullable(),
  /** `deleted`: the sector was deleted since ("Sector or sub-sector deleted"); the permit stays readable. */
  sector: ZRef.extend({ number: z.number().int(), deleted: z.boolean() }).nullable(),
  subSector: ZRef.extend({ x: z.number().nullable(), y: z.number().nullable(), deleted: z.boolean() }).nullable(),
  workType: ZRef.extend({ kind: ZWorkTypeKindSchema }).nullable(),
  contractor: ZRef.nullable(),
  taskTitle: z.string(),
  jobDescription: z.string(),
  generalInformation: z.string(),
  additionalInformation: z.string(),
  subcontractor: z.string(),
  startAt: z.iso.datetime().nullable(),
  endAt: z.iso.datetime().nullable(),
  probability: z.object({ id: z.string(), label: z.string() }).nullable(),
  severity: z.object({ id: z.string(), label: z.string() }).nullable(),
  /**
   * The criticality: the higher of the probability × severity cell's level and the named risks' minimums, live
   * while a draft, kept as it was at the send (or a re-rating) afterwards (a later matrix change does not alter a
   * sent permit). Null until both are chosen.
   */
  criticality: z.object({ name: z.string(), colour: z.string(), flow: ZCriticalityFlowSchema }).nullable(),
  risks: z.array(ZRef.extend({ critical: z.boolean() })),
  specificRisks: z.array(
    ZRef.extend({
      logogramUrl: z.string().nullable(),
      trainingUrl: z.string().nullable(),
      /**
       * Its procedures as the holder reads them before accepting: the enterprise's links (`link`: opened as they
       * are), then its files (`file`: an API path, downloaded with the reader's token).
       */
      procedures: z.array(z.object({ name: z.string(), url: z.string(), kind: z.enum(["link", "file"]) })),
    }),
  ),
  /** `nameFr`: the EPI's French name, empty when it has none (see `epiName`). */
  epis: z.array(ZRef.extend({ nameFr: z.string(), iconUrl: z.string().nullable() })),
  answers: ZPermitAnswersSchema,
  newRiskDescription: z.string(),
  checklist: z.array(
    ZChecklistAnswerSchema.extend({
      /** The work type's or specific risk's name and the item's text, as they were when saved. */
      sourceName: z.string(),
      text: z.string(),
    }),
  ),
  files: z.array(ZPermitFileSchema),
  createdBy: ZPermitActorSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  verifiedBy: ZPermitActorSchema,
  verifiedAt: z.iso.datetime().nullable(),
  approvedBy: ZPermitActorSchema,
  approvedAt: z.iso.datetime().nullable(),
  /** The permit holder who accepted the conditions, when, and the declaration's words as recorded. */
  acceptedBy: ZPermitActorSchema,
  acceptedAt: z.iso.datetime().nullable(),
  acceptanceDeclaration: z.string().nullable(),
  /** In progress past its end (isOverdue, computed at the read). */
  overdue: z.boolean(),
  /**
   * Suspended: its work stopped (or, not yet started, held) until a manager signs its resumption (a flag, not a
   * status: docs/decisions.md). Who, when, why, and the emergency stop that did it, if one did.
   */
  suspension: z
    .object({
      by: ZPermitActorSchema,
      at: z.iso.datetime(),
      reason: z.string(),
      emergencyId: z.string().nullable(),
    })
    .nullable(),
  /** Its gas tests' state: the latest, when the next is due, a re-test overdue (null: its work type needs none). */
  gasTest: ZPermitGasTestStateSchema,
  /**
   * A required item of the crew signed on or of the contractor found no longer valid during the work (when, and
   * what), or null: the work cannot start nor resume until it is met again (docs/safety.md, "Contractor compliance:
   * the gates").
   */
  complianceLapse: z.object({ at: z.iso.datetime(), gaps: z.array(ZComplianceGapSchema) }).nullable(),
  /** Closed by the scheduler as its window passed unstarted (status `Canceled`, docs/decisions.md). */
  expired: z.boolean(),
  /** The remark of the last recheck or rejection. */
  remark: z.string().nullable(),
  /** Every signature given to this permit, oldest first (voided ones kept and marked). */
  signatures: z.array(ZPermitSignatureSchema),
  /**
   * The SHA-256 (hex) of the content a signature made now would vouch for. A signed action may send it back as
   * `contentHash`: the server refuses (409) when the permit's content is no longer what the signer read.
   */
  contentHash: z.string(),
  /** The holder's close-out, once recorded. */
  closeOut: ZPermitCloseOutSchema.nullable(),
  /** The public check page the printed permit's QR code opens (from the first send on), for those who see it. */
  checkPath: z.string().nullable(),
  /** In progress with its close-out recorded: waits for the area manager's hand-back (a flag, not a status). */
  awaitingHandBack: z.boolean(),
  /** What the caller may do now (permitActions), and whether it may edit the draft or duplicate the permit. */
  actions: z.array(ZPermitActionSchema),
  canEdit: z.boolean(),
  canDuplicate: z.boolean(),
  /**
   * True for a contractor whose company is no longer affiliated with the permit's enterprise, or whose enterprise or
   * own company is not active: it reads the permit and may only stop or withdraw the work (its other actions are
   * gone). Absent or false otherwise.
   */
  contractorOnHold: z.boolean().optional(),
  /** Whether the caller may re-rate it now (POST /api/permits/:id/rerate). */
  canRerate: z.boolean(),
  /** What sending still needs (sendMissing), while the permit is a draft. */
  sendMissing: z.record(z.string(), z.string()),
  /** The workers named, in the form's order, with who is signed on now. */
  crew: z.array(ZPermitCrewMemberSchema),
  crewActions: ZCrewActionsSchema,
  /** The permit holder in person now: its creator until a shift handover passes it on (docs/decisions.md). */
  holder: ZPermitActorSchema,
  /**
   * In progress longer than the enterprise's shift length since its start or last handover, with no handover
   * recorded (isHandoverDue): not valid until one is.
   */
  handoverDue: z.boolean(),
  /** When the current holder's shift began: the start, then each accepted handover (null before the start). */
  shiftStartedAt: z.iso.datetime().nullable(),
  /** Each extension asked, oldest first, with its decision. */
  extensions: z.array(ZPermitExtensionSchema),
  /** Each shift handover, oldest first. */
  handovers: z.array(ZPermitHandoverSchema),
  shiftActions: ZShiftActionsSchema,
});
export type TPermit = z.infer<typeof ZPermitSchema>;

/**
 * GET /api/permits/:id (anyone who may see it: its creator, the creator's supplier and its employees' supplier,
 * the enterprise, the division's SuperResponsible and Responsibles; 404 for everyone else) → `{ data: TPermit }`.
 * POST /api/permits/:id/<action> with TPermitActionInput → `{ data: TPermit }`: 403 FORBIDDEN when the workflow
 * table refuses it, 409 CONFLICT when the status changed meanwhile (one atomic write: of two at once, one wins),
 * 400 with `remark` for a recheck or reject without one, 400 with the sendMissing fields for an incomplete send,
 * 409 NO_PERMIT_MANAGER when the sector has no Verifier, 409 NO_PERMIT_CREDITS when the enterprise has none left.
 * The first send gives the document number and consumes one credit; a send after a recheck consumes none.
 * POST /api/permits/:id/duplicate → 201 `{ data: TPermit }` (a new `pending` draft of the caller, same content,
 * no files, no number). DELETE /api/permits/:id → 204 (a `pending` draft that was never sent, by its creator).
 * POST /api/permits/:id/files (multipart, field `file`, several requests for several files) → 201
 * `{ data: TPermitFile }` while editable; GET /api/permits/:id/files/:fileId → the bytes; DELETE the same → 204.
 */
export const ZPermitActionInputSchema = z.object({
  remark: z.string({ error: V.invalidValue }).trim().max(PERMIT_LIMITS.remarkMax, V.max500).optional(),
  // The declaration: `accept` (the conditions are read) and the signed actions (verify, approve, handBack) need it
  // ticked (400 `declaration` without it). Signed actions also carry the signer's current password, and the language
  // the declaration was read in (the account's language when absent). See actionInputMissing.
  declaration: z.boolean({ error: V.declarationRequired }).optional(),
  password: z.string({ error: V.invalidValue }).max(LIMITS.passwordMax, V.passwordMax128).optional(),
  language: ZLanguageSchema.optional(),
  // The content the signer read (the permit's `contentHash` when the sign dialog opened): 409 when it changed since.
  contentHash: z
    .string({ error: V.invalidValue })
    .regex(/^[0-9a-f]{64}$/, V.invalidValue)
    .optional(),
  // The close-out (end): the holder's answers.
  workComplete: z.boolean({ error: V.invalidValue }).optional(),
  remainingWork: z.string({ error: V.invalidValue }).trim().max(PERMIT_LIMITS.remarkMax, V.max500).optional(),
  areaSafe: z.boolean({ error: V.invalidValue }).optional(),
  toolsRemoved: z.boolean({ error: V.invalidValue }).optional(),
  peopleOut: z.boolean({ error: V.invalidValue }).optional(),
  // Send, verify, approve: the signer's remark on each clash (409 CLASHES_UNACKNOWLEDGED while one is missing).
  clashAcknowledgements: z
    .array(ZClashAcknowledgementInputSchema)
    // A bound for the body's size, far above what a site meets (every clash is a live permit at the place).
    .max(1000, V.tooManyItems)
    .optional(),
});
export type TPermitActionInput = z.infer<typeof ZPermitActionInputSchema>;

/**
 * POST /api/permits/:id/rerate (a Verifier of the permit's sector, not its creator, while it is `sended`): the
 * verifier's own probability × severity, with the reason (required). The level is recomputed (permitLevel: never
 * below the named risks' minimums) and kept with its flow; the history shows before → after. Answers `{ data:
 * TPermit }`; 403 for anyone else, 409 CONFLICT when the permit moved meanwhile, 404 for ids outside its matrix.
 */
export const ZPermitRerateInputSchema = z.object({
  probabilityId: z.string({ error: V.probabilityRequired }).pipe(ZIdSchema),
  severityId: z.string({ error: V.severityRequired }).pipe(ZIdSchema),
  reason: z
    .string({ error: V.descriptionRequired })
    .trim()
    .min(1, V.descriptionRequired)
    .max(PERMIT_LIMITS.remarkMax, V.max500),
});
export type TPermitRerateInput = z.infer<typeof ZPermitRerateInputSchema>;

/** One side of a re-rating, as the labels were then. */
const ZRatingSchema = z.object({ probability: z.string(), severity: z.string(), level: z.string() });

/** One event of a permit's history (append-only), oldest first. */
export const ZPermitEventSchema = z.object({
  id: z.string(),
  /**
   * `create` and `edit` for the draft, `duplicate` on the copy, then the workflow actions; `expire` by the scheduler;
   * `rerate` a verifier's re-rating (status unchanged; its reason is the remark, the change in `rerate`);
   * `crew` a change of the crew (the remark names the crew after it), `signOn` and `signOff` a worker's (`worker`);
   * `gasTest` a gas test recorded (the remark says passed or which gas failed).
   * `extensionAsked` (remark: the reason), `extensionSigned`, `extensionRefused` (remark: why): each extension,
   * whose old end → new end the permit's `extensions` hold; `handoverStarted` (remark: the note), `handover` (the
   * incoming holder signed), `handoverCancelled`.
   */
  action: z.union([
    ZPermitActionSchema,
    // `emergencyStop`: suspended by an emergency declared for its sector or division (the remark is its reason).
    z.enum([
      "create",
      "edit",
      "duplicate",
      "expire",
      "rerate",
      "emergencyStop",
      "crew",
      "signOn",
      "signOff",
      "gasTest",
      ...SHIFT_EVENTS,
    ]),
  ]),
  fromStatus: ZPermitStatusSchema.nullable(),
  toStatus: ZPermitStatusSchema,
  at: z.iso.datetime(),
  actor: ZPermitActorSchema,
  remark: z.string().nullable(),
  rerate: z.object({ before: ZRatingSchema, after: ZRatingSchema }).nullable(),
  /** The worker signed on or off (absent or null for other events). */
  worker: z.object({ id: z.string(), name: z.string() }).nullish(),
  /** A send, verify or approve: the clashes its signer acknowledged, each with the remark (absent otherwise). */
  clashAcknowledgements: z
    .array(z.object({ otherPermit: ZClashAcknowledgementSchema.shape.otherPermit, remark: z.string() }))
    .optional(),
});
export type TPermitEvent = z.infer<typeof ZPermitEventSchema>;
/** GET /api/permits/:id/history → `{ data: TPermitEvent[] }`. */

// ── Lists ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Which list: `saved` (drafts and rechecks of the caller's side: its own for an employee, its company's for a
 * supplier), `sent` (the contractor side's sent permits, any later status), `todo` (a manager's: permits waiting
 * for its verification, approval or hand-back acceptance, and its own internal permits waiting for its acceptance), `all` (everything the caller may see).
 */
export const PERMIT_LIST_VIEWS = ["saved", "sent", "todo", "all"] as const;
export const PERMIT_SORTS = [
  "startAt",
  "-startAt",
  "createdAt",
  "-createdAt",
  "documentNumber",
  "-documentNumber",
] as const;

/**
 * GET /api/permits?view&status&divisionId&sectorId&contractorId&workTypeId&criticality&from&to&startDay&changedSince
 *   &overdue&tz&q&sort&page&pageSize
 * → ZPageSchema(TPermitSummary). `status` may repeat (comma-separated); `from`/`to` bound the work period (permits
 * whose [startAt, endAt] meets it); `q` searches the document number, task title, job description and contractor.
 * GET /api/permits/export?<same filters>&format=csv|xlsx → the whole filtered list as a file.
 */
export const ZPermitListQuerySchema = ZPageQuerySchema.extend({
  view: z.enum(PERMIT_LIST_VIEWS).default("all"),
  status: z
    .string()
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(ZPermitStatusSchema))
    .optional(),
  divisionId: ZIdSchema.optional(),
  sectorId: ZIdSchema.optional(),
  contractorId: ZIdSchema.optional(),
  workTypeId: ZIdSchema.optional(),
  /** A criticality level's name (levels are snapshotted by name). */
  criticality: z.string().trim().max(50).optional(),
  from: ZInstantSchema().optional(),
  to: ZInstantSchema().optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PERMIT_SORTS).default("-createdAt"),
  /** The reader's IANA zone (UTC when absent): `startDay` and `changedSince` are days there. */
  tz: ZTimeZoneSchema.optional(),
  /** Permits whose work starts on this day. */
  startDay: ZDaySchema.optional(),
  /** Permits whose current status was reached on this day or later. */
  changedSince: ZDaySchema.optional(),
  /** `true`: only overdue close-outs (in progress past their end). */
  overdue: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});
export type TPermitListQuery = z.input<typeof ZPermitListQuerySchema>;

/**
 * What a list marks a permit with beside its status, each only while it holds (the permit's own fields say more):
 * `overdue`, `expired`, `awaitingHandBack` and `handoverDue` as on the permit; `suspended` (its `suspension` is
 * set); `gasRetestDue` (its gas test's `overdue`); `complianceLapsed` (its `complianceLapse` is set).
 */
export const PERMIT_LIST_FLAGS = [
  "overdue",
  "expired",
  "suspended",
  "gasRetestDue",
  "complianceLapsed",
  "handoverDue",
  "awaitingHandBack",
] as const;
export type TPermitListFlag = (typeof PERMIT_LIST_FLAGS)[number];

/**
 * A permit as the lists (and the dashboard's week) show it, nothing more: a page of 50 stays small
 * (docs/performance.md). Names instead of the permit's objects; the permit's page reads the whole permit.
 */
export const ZPermitSummarySchema = z.object({
  id: z.string(),
  documentNumber: z.string().nullable(),
  status: ZPermitStatusSchema,
  taskTitle: z.string(),
  /**
   * Who the permit is with, named for the reader: for a contractor, the principal's name; for the principal's staff,
   * the contractor's name, or null for an internal permit. The reader's own side is the same on every row (a
   * contractor sees only its company's permits, the staff only their enterprise's), so it is not sent.
   */
  counterpart: z.string().nullable(),
  /** The sector's and sub-sector's names. */
  sector: z.string().nullable(),
  subSector: z.string().nullable(),
  startAt: z.iso.datetime().nullable(),
  endAt: z.iso.datetime().nullable(),
  criticality: z.object({ name: z.string(), colour: z.string() }).nullable(),
  /** The flags that hold, in PERMIT_LIST_FLAGS's order. */
  flags: z.array(z.enum(PERMIT_LIST_FLAGS)),
});
export type TPermitSummary = z.infer<typeof ZPermitSummarySchema>;

// ── Credits ───────────────────────────────────────────────────────────────────────────────────────

/** An enterprise's permit credits: bought in total, used by first sends, remaining, last transaction. */
export const ZCreditSummarySchema = z.object({
  total: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  lastTransactionAt: z.iso.datetime().nullable(),
});
export type TCreditSummary = z.infer<typeof ZCreditSummarySchema>;

/**
 * GET /api/credits (Enterprise, SuperResponsible, Responsible: their enterprise's) → `{ data: TCreditSummary }`.
 * GET /api/admin/enterprises/:id/credits (Admin: any enterprise's, 404 for an unknown one) → `{ data: TCreditSummary }`.
 * POST /api/admin/enterprises/:id/credits (Admin) with TCreditPurchase → 201 `{ data: TCreditSummary }`.
 * GET /api/admin/enterprises/:id/credits/transactions?page&pageSize (Admin) and GET /api/credits/transactions
 * (Enterprise) → ZPageSchema(TCreditTransaction), newest first.
 */
export const ZCreditPurchaseSchema = z.object({
  quantity: z.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue).max(100_000, V.invalidValue),
  note: z.string({ error: V.invalidValue }).trim().max(250, V.max250).default(""),
});
export type TCreditPurchase = z.input<typeof ZCreditPurchaseSchema>;

export const ZCreditTransactionSchema = z.object({
  id: z.string(),
  /** `purchase`: +quantity recorded by the admin; `consumption`: −1 for a permit's first send. */
  kind: z.enum(["purchase", "consumption"]),
  quantity: z.number().int(),
  note: z.string(),
  permit: z.object({ id: z.string(), documentNumber: z.string() }).nullable(),
  recordedBy: ZPermitActorSchema,
  at: z.iso.datetime(),
});
export type TCreditTransaction = z.infer<typeof ZCreditTransactionSchema>;

/** The document number of the `sequence`-th permit an enterprise sends, in `year`. */
export function documentNumber(year: number, sequence: number): string {
  return `PTW-${year}-${String(sequence).padStart(6, "0")}`;
}

export type { TPermitAction, TPermitStatus };
