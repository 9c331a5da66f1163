import {
  CLASHING_STATUSES,
  PERMIT_STATUSES,
  SHIFT_EVENTS,
  SIGNATURE_KINDS,
  type TComplianceGap,
} from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { divisions, enterprises, suppliers } from "./companies";
import { emergencies } from "./emergencies";
import { criticalityFlowEnum } from "./enums";
import { files } from "./files";
import { epis, risks, specificRisks, workTypes } from "./risks";
import { sectors, subSectors } from "./sectors";
import { users } from "./users";

export const permitStatusEnum = pgEnum("permit_status", PERMIT_STATUSES);
export const permitEventActionEnum = pgEnum("permit_event_action", [
  "create",
  "edit",
  "duplicate",
  "send",
  "verify",
  "recheck",
  "reject",
  "approve",
  "accept",
  "start",
  "end",
  "handBack",
  "suspend",
  "resume",
  "cancel",
  // The scheduler closed a permit whose window passed unstarted (no actor).
  "expire",
  "rerate",
  // Suspended by an emergency stop of its sector or division (the actor declared it; the remark is its reason).
  "emergencyStop",
  // The crew changed (remark: the crew after it); a worker signed on or off (`worker_id`).
  "crew",
  "signOn",
  "signOff",
  // A gas test was recorded (remark: passed, or which gas read what against which limit).
  "gasTest",
  // Extension (remark: the reason, or the refusal's remark) and shift handover (remark: the note).
  ...SHIFT_EVENTS,
]);

/** What a verifier's re-rating changed (history "before → after"): the rating and the level, each side. */
export type TRerateColumn = {
  before: { probability: string; severity: string; level: string };
  after: { probability: string; severity: string; level: string };
};
export const signatureKindEnum = pgEnum("signature_kind", SIGNATURE_KINDS);
export const creditKindEnum = pgEnum("credit_kind", ["purchase", "consumption"]);

/** The permit holder's close-out declaration (all three "yes" answers are required to record it). */
export type TPermitCloseOutColumn = {
  workComplete: boolean;
  remainingWork: string;
  areaSafe: boolean;
  toolsRemoved: boolean;
  peopleOut: boolean;
};

/** The Yes/No answers of a permit (null: not answered yet). */
export type TPermitAnswersColumn = {
  qualificationsAndTools: boolean | null;
  jsaComplete: boolean | null;
  newRiskPossible: boolean | null;
};

/**
 * A permit to work (docs/domain.md, Domain model). Its enterprise is the tenant; a contractor permit has the supplier whose
 * people made it, an internal one (i-permit) has none. The criticality is copied at the first send so a later
 * change of the matrix leaves sent permits as they were.
 *
 * The people a permit names (who requested, verified, approved it; who acted in its history; whose send used a
 * credit) are `restrict`: a permit's record must keep its names, so such a person is disabled, never deleted.
 */
/**
 * A permit's window [start, end] as a closed range, for the clash check's GiST index: the candidates are found by
 * overlap in the index instead of by reading every live permit of the enterprise after a date. Closed, so that it
 * finds a superset of the strict overlap the check then applies (one ending when the other starts does not clash);
 * `least`/`greatest` so that no row's window can make an insert fail; a missing bound is unbounded (the strict test
 * then excludes it, as before).
 */
export const windowRange = (start: SQL | AnyPgColumn, end: SQL | AnyPgColumn): SQL =>
  sql`tstzrange(least(${start}, ${end}), greatest(${start}, ${end}), '[]')`;

/** The statuses in which a permit can clash, as SQL literals: a partial index's predicate must be constant. */
export const CLASHING_STATUS_LIST = sql.raw(CLASHING_STATUSES.map((status) => `'${status}'`).join(", "));

export const permits = pgTable(
  "permits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    divisionId: uuid("division_id").references(() => divisions.id, { onDelete: "restrict" }),
    sectorId: uuid("sector_id").references(() => sectors.id, { onDelete: "restrict" }),
    subSectorId: uuid("sub_sector_id").references(() => subSectors.id, { onDelete: "restrict" }),
    workTypeId: uuid("work_type_id").references(() => workTypes.id, { onDelete: "restrict" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "restrict" }),
    internal: boolean("internal").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "restrict" }),
    status: permitStatusEnum("status").notNull().default("pending"),
    documentNumber: varchar("document_number", { length: 30 }),
    taskTitle: varchar("task_title", { length: 150 }).notNull(),
    jobDescription: text("job_description").notNull().default(""),
    generalInformation: text("general_information").notNull().default(""),
    additionalInformation: text("additional_information").notNull().default(""),
    subcontractor: varchar("subcontractor", { length: 150 }).notNull().default(""),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    probabilityId: uuid("probability_id"),
    severityId: uuid("severity_id"),
    levelName: varchar("level_name", { length: 50 }),
    levelColour: varchar("level_colour", { length: 7 }),
    levelFlow: criticalityFlowEnum("level_flow"),
    answers: jsonb("answers")
      .$type<TPermitAnswersColumn>()
      .notNull()
      .default({ qualificationsAndTools: null, jsaComplete: null, newRiskPossible: null }),
    /** The new risk and its controls, when `answers.newRiskPossible` is Yes. */
    newRiskDescription: text("new_risk_description").notNull().default(""),
    remark: varchar("remark", { length: 500 }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    verifiedBy: uuid("verified_by").references(() => users.id, { onDelete: "restrict" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "restrict" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The unguessable key of the public verification page the printed permit's QR code opens (set at first send). */
    checkToken: varchar("check_token", { length: 64 }),
    /** When the people concerned were reminded that the permit starts soon, and warned that it overran its end. */
    startReminderSentAt: timestamp("start_reminder_sent_at", { withTimezone: true }),
    overdueWarnedAt: timestamp("overdue_warned_at", { withTimezone: true }),
    /** The permit holder's acceptance of the conditions: who, when, and the declaration's words in their language. */
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "restrict" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptanceDeclaration: text("acceptance_declaration"),
    /** When the SuperResponsibles and the Enterprise were told that the overdue work still runs (once). */
    overdueEscalatedAt: timestamp("overdue_escalated_at", { withTimezone: true }),
    /** When they were told the permit waits too long on the principal's side (a later send starts a new wait). */
    waitEscalatedAt: timestamp("wait_escalated_at", { withTimezone: true }),
    /** Closed as expired by the scheduler (status Canceled): its window passed before it started. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** The holder's close-out ("End the work"): set, the in-progress permit awaits the area manager's hand-back. */
    closedOutAt: timestamp("closed_out_at", { withTimezone: true }),
    closedOutBy: uuid("closed_out_by").references(() => users.id, { onDelete: "restrict" }),
    closeOut: jsonb("close_out").$type<TPermitCloseOutColumn>(),
    /**
     * Suspended (docs/decisions.md, "Suspension is a flag"): who, when, why, and the emergency stop that did it.
     * Set by `suspend` or an emergency stop, cleared by a signed `resume`; the history keeps each one.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedBy: uuid("suspended_by").references(() => users.id, { onDelete: "restrict" }),
    suspensionReason: varchar("suspension_reason", { length: 500 }),
    suspendedByEmergencyId: uuid("suspended_by_emergency_id").references(() => emergencies.id, {
      onDelete: "restrict",
    }),
    /**
     * Its latest gas test (the whole record is in `gas_tests`): when and whether it passed, for the start and resume
     * gate and the scheduler's conditions; when the people were told its re-test is overdue (once per overdue).
     */
    gasTestedAt: timestamp("gas_tested_at", { withTimezone: true }),
    gasTestPassed: boolean("gas_test_passed"),
    gasRetestWarnedAt: timestamp("gas_retest_warned_at", { withTimezone: true }),
    /**
     * When the scheduler found, during the work, a required item of the crew signed on or of the contractor no
     * longer valid (once per permit: its people are told once), and what lapsed (compliance/lapse-step.ts).
     */
    complianceLapsedAt: timestamp("compliance_lapsed_at", { withTimezone: true }),
    complianceLapse: jsonb("compliance_lapse").$type<TComplianceGap[]>(),
    /** The permit holder in person after a shift handover (null: its creator still holds it). */
    holderId: uuid("holder_id").references(() => users.id, { onDelete: "restrict" }),
    /** When the current holder's shift began: set at the start and at each accepted handover. */
    shiftStartedAt: timestamp("shift_started_at", { withTimezone: true }),
    /** When the holder's side was told a handover is due (once per shift: cleared by the next handover). */
    handoverDueWarnedAt: timestamp("handover_due_warned_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("permits_enterprise_number_uq").on(t.enterpriseId, t.documentNumber),
    uniqueIndex("permits_check_token_uq").on(t.checkToken),
    // The scheduler's scans: accepted permits due to start, permits in progress past their end.
    index("permits_status_start_idx").on(t.status, t.startAt),
    index("permits_status_end_idx").on(t.status, t.endAt),
    index("permits_enterprise_status_idx").on(t.enterpriseId, t.status, t.createdAt),
    index("permits_enterprise_start_idx").on(t.enterpriseId, t.startAt),
    index("permits_sector_status_idx").on(t.sectorId, t.status),
    index("permits_division_idx").on(t.divisionId, t.createdAt),
    index("permits_supplier_status_idx").on(t.supplierId, t.status, t.createdAt),
    index("permits_created_by_idx").on(t.createdBy, t.status),
    // The list's text search (ILIKE '%…%'): trigram indexes, one per searched column, combined by a BitmapOr.
    index("permits_number_trgm_idx").using("gin", t.documentNumber.op("gin_trgm_ops")),
    index("permits_title_trgm_idx").using("gin", t.taskTitle.op("gin_trgm_ops")),
    index("permits_description_trgm_idx").using("gin", t.jobDescription.op("gin_trgm_ops")),
    // The clash check's candidates: live permits whose windows overlap (clashes/detect.ts).
    index("permits_live_window_idx")
      .using("gist", windowRange(t.startAt, t.endAt))
      .where(sql`${t.status} IN (${CLASHING_STATUS_LIST})`),
    check("permits_internal_has_no_supplier", sql`NOT ${t.internal} OR ${t.supplierId} IS NULL`),
    check("permits_expired_is_canceled", sql`${t.expiredAt} IS NULL OR ${t.status} = 'Canceled'`),
    // A suspension is whole (who, when, why), and only an emergency's suspension names an emergency.
    check(
      "permits_suspension_whole",
      sql`(${t.suspendedAt} IS NULL) = (${t.suspendedBy} IS NULL) AND (${t.suspendedAt} IS NULL) = (${t.suspensionReason} IS NULL)
        AND (${t.suspendedByEmergencyId} IS NULL OR ${t.suspendedAt} IS NOT NULL)`,
    ),
    check("permits_gas_test_whole", sql`(${t.gasTestedAt} IS NULL) = (${t.gasTestPassed} IS NULL)`),
    check("permits_acceptance_whole", sql`(${t.acceptedBy} IS NULL) = (${t.acceptedAt} IS NULL)`),
    // A close-out is whole (when, who, what) and only ever says the area is safe, cleared and empty.
    check(
      "permits_close_out_whole",
      sql`(${t.closedOutAt} IS NULL AND ${t.closeOut} IS NULL) OR (${t.closedOutAt} IS NOT NULL AND ${t.closeOut} IS NOT NULL
        AND (${t.closeOut}->>'areaSafe')::boolean AND (${t.closeOut}->>'toolsRemoved')::boolean
        AND (${t.closeOut}->>'peopleOut')::boolean)`,
    ),
  ],
);

/**
 * Signatures given to a permit (verify, approve, hand-back): who, when, the declaration as the signer read it, and
 * the SHA-256 of the permit's content at that moment. Append-only: a later send voids them (`voided_at`), never
 * deletes them.
 */
export const permitSignatures = pgTable(
  "permit_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    kind: signatureKindEnum("kind").notNull(),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    language: varchar("language", { length: 2 }).notNull(),
    declaration: text("declaration").notNull(),
    contentHash: varchar("content_hash", { length: 64 }).notNull(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [
    index("permit_signatures_permit_idx").on(t.permitId, t.signedAt),
    check("permit_signatures_hash_hex", sql`${t.contentHash} ~ '^[0-9a-f]{64}$'`),
    check("permit_signatures_language", sql`${t.language} IN ('en', 'fr')`),
  ],
);

/** Risks, specific critical risks and EPIs named by a permit, in the form's order. */
export const permitRisks = pgTable(
  "permit_risks",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    riskId: uuid("risk_id")
      .notNull()
      .references(() => risks.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.riskId] })],
);
export const permitSpecificRisks = pgTable(
  "permit_specific_risks",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    specificRiskId: uuid("specific_risk_id")
      .notNull()
      .references(() => specificRisks.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.specificRiskId] })],
);
export const permitEpis = pgTable(
  "permit_epis",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    epiId: uuid("epi_id")
      .notNull()
      .references(() => epis.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.epiId] })],
);

/** The checklist items of a permit with their answers; the texts are kept as they were when saved. */
export const permitChecklistItems = pgTable(
  "permit_checklist_items",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    source: varchar("source", { length: 20 }).notNull(),
    sourceId: uuid("source_id").notNull(),
    sourceName: varchar("source_name", { length: 50 }).notNull(),
    itemIndex: integer("item_index").notNull(),
    text: varchar("text", { length: 250 }).notNull(),
    checked: boolean("checked").notNull().default(false),
    /** Answered "not applicable" (where its source allowed it), with the reason, instead of ticked. */
    notApplicable: boolean("not_applicable").notNull().default(false),
    notApplicableReason: varchar("not_applicable_reason", { length: 500 }).notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.permitId, t.position] }),
    check("permit_checklist_items_one_answer", sql`NOT (${t.checked} AND ${t.notApplicable})`),
  ],
);

/** Files attached to a permit. */
export const permitFiles = pgTable(
  "permit_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("permit_files_permit_idx").on(t.permitId)],
);

/** The append-only history of a permit: who did what, from which status to which, with what remark. */
export const permitEvents = pgTable(
  "permit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    action: permitEventActionEnum("action").notNull(),
    fromStatus: permitStatusEnum("from_status"),
    toStatus: permitStatusEnum("to_status").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "restrict" }),
    remark: varchar("remark", { length: 500 }),
    /** A re-rating's before and after (labels as they were then); null for other events. */
    rerate: jsonb("rerate").$type<TRerateColumn>(),
    /** The worker a sign-on or sign-off was for; null for other events. */
    workerId: uuid("worker_id").references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("permit_events_permit_idx").on(t.permitId, t.createdAt),
    // (As text: a value added to the enum cannot be named in the migration that adds it.)
    check("permit_events_rerate_details", sql`(${t.rerate} IS NULL) = (${t.action}::text <> 'rerate')`),
    check("permit_events_worker", sql`(${t.workerId} IS NULL) = (${t.action}::text NOT IN ('signOn', 'signOff'))`),
  ],
);

/**
 * A permit's crew: the workers named to do the job, in the form's order (docs/decisions.md, Crew). A worker is a
 * person (restrict: disabled, never deleted, like everyone a permit names).
 */
export const permitCrew = pgTable(
  "permit_crew",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    workerId: uuid("worker_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.workerId] }), index("permit_crew_worker_idx").on(t.workerId)],
);

/**
 * Each sign-on of a worker to a permit (briefed on its hazards and precautions): who signed them on (themselves or
 * the holder), when, the declaration's words in the signer's language; and the sign-off when they left.
 * Append-only but for the sign-off; a worker has at most one open sign-on per permit.
 */
export const permitCrewSignOns = pgTable(
  "permit_crew_sign_ons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    workerId: uuid("worker_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    signedOnAt: timestamp("signed_on_at", { withTimezone: true }).notNull(),
    signedOnBy: uuid("signed_on_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    language: varchar("language", { length: 2 }).notNull(),
    declaration: text("declaration").notNull(),
    signedOffAt: timestamp("signed_off_at", { withTimezone: true }),
    signedOffBy: uuid("signed_off_by").references(() => users.id, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("permit_crew_sign_ons_open_uq").on(t.permitId, t.workerId).where(sql`${t.signedOffAt} IS NULL`),
    // The one-live-permit rule reads a worker's open sign-ons.
    index("permit_crew_sign_ons_worker_idx").on(t.workerId).where(sql`${t.signedOffAt} IS NULL`),
    check("permit_crew_sign_ons_language", sql`${t.language} IN ('en', 'fr')`),
    check("permit_crew_sign_ons_off_whole", sql`(${t.signedOffAt} IS NULL) = (${t.signedOffBy} IS NULL)`),
    check("permit_crew_sign_ons_off_after_on", sql`${t.signedOffAt} IS NULL OR ${t.signedOffAt} >= ${t.signedOnAt}`),
  ],
);

/**
 * Per enterprise: the next document number and the credits bought and used. One conditional UPDATE of this row
 * takes a number and a credit together, so numbers stay gap-free (a rolled-back send gives its number back) and
 * two sends can never spend the same last credit.
 */
export const enterprisePermitAccounts = pgTable(
  "enterprise_permit_accounts",
  {
    enterpriseId: uuid("enterprise_id")
      .primaryKey()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    nextNumber: integer("next_number").notNull().default(1),
    creditsTotal: integer("credits_total").notNull().default(0),
    creditsUsed: integer("credits_used").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("enterprise_permit_accounts_credits", sql`${t.creditsUsed} <= ${t.creditsTotal}`)],
);

/** The credit ledger: purchases recorded by the admin, one consumption per permit's first send. */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    kind: creditKindEnum("kind").notNull(),
    quantity: integer("quantity").notNull(),
    note: varchar("note", { length: 250 }).notNull().default(""),
    permitId: uuid("permit_id").references(() => permits.id, { onDelete: "set null" }),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_transactions_enterprise_idx").on(t.enterpriseId, t.createdAt)],
);

/**
 * Each extension of a permit's end asked by its holder (docs/decisions.md, "Extension"): the old and new end, the
 * reason, then the signer's decision (signed: the permit's end moved; refused: with a remark). At most one pending
 * per permit; append-only but for the decision.
 */
export const permitExtensions = pgTable(
  "permit_extensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    askedBy: uuid("asked_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
    reason: varchar("reason", { length: 500 }).notNull(),
    oldEndAt: timestamp("old_end_at", { withTimezone: true }).notNull(),
    newEndAt: timestamp("new_end_at", { withTimezone: true }).notNull(),
    decision: varchar("decision", { length: 10 }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    remark: varchar("remark", { length: 500 }),
  },
  (t) => [
    index("permit_extensions_permit_idx").on(t.permitId, t.askedAt),
    uniqueIndex("permit_extensions_pending_uq").on(t.permitId).where(sql`${t.decision} IS NULL`),
    check("permit_extensions_later", sql`${t.newEndAt} > ${t.oldEndAt}`),
    check(
      "permit_extensions_decision",
      sql`(${t.decision} IS NULL AND ${t.decidedBy} IS NULL AND ${t.decidedAt} IS NULL AND ${t.remark} IS NULL)
        OR (${t.decision} = 'signed' AND ${t.decidedBy} IS NOT NULL AND ${t.decidedAt} IS NOT NULL)
        OR (${t.decision} = 'refused' AND ${t.decidedBy} IS NOT NULL AND ${t.decidedAt} IS NOT NULL AND ${t.remark} IS NOT NULL)`,
    ),
    // Nobody decides their own request.
    check("permit_extensions_four_eyes", sql`${t.decidedBy} IS DISTINCT FROM ${t.askedBy}`),
  ],
);

/**
 * Each shift handover of a permit in progress (docs/decisions.md, "Shift handover"): outgoing → incoming holder,
 * the note, started (the outgoing holder's signature), then accepted (the incoming holder's signature; whether
 * the crew signed on was kept) or cancelled. At most one open per permit.
 */
export const permitHandovers = pgTable(
  "permit_handovers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    fromId: uuid("from_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    toId: uuid("to_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    note: text("note").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    crewKept: boolean("crew_kept"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("permit_handovers_permit_idx").on(t.permitId, t.startedAt),
    index("permit_handovers_to_idx").on(t.toId),
    uniqueIndex("permit_handovers_open_uq")
      .on(t.permitId)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    check("permit_handovers_two_people", sql`${t.fromId} <> ${t.toId}`),
    check("permit_handovers_note", sql`length(btrim(${t.note})) > 0`),
    check("permit_handovers_accepted_whole", sql`(${t.acceptedAt} IS NULL) = (${t.crewKept} IS NULL)`),
    check("permit_handovers_cancelled_whole", sql`(${t.cancelledAt} IS NULL) = (${t.cancelledBy} IS NULL)`),
    check("permit_handovers_one_outcome", sql`${t.acceptedAt} IS NULL OR ${t.cancelledAt} IS NULL`),
  ],
);
