import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { enterprises, suppliers } from "./companies";
import { complianceKindEnum, crewRuleEnum, evidenceStatusEnum } from "./enums";
import { files } from "./files";
import { workTypes } from "./risks";
import { users } from "./users";

/**
 * What an enterprise requires (docs/safety.md, "Contractor compliance"): a company document of its contractors, a
 * competence of the people on a crew, or its own site induction. `requiredOfAll`: of every contractor (a document:
 * for affiliation and for sending a permit) or of every crew member on every permit (a competence or induction);
 * otherwise only where a work type names it (work_type_requirements). `validityDays` null: does not expire.
 * Disabled, never deleted, once evidence names it (the evidence's foreign key).
 */
export const complianceRequirements = pgTable(
  "compliance_requirements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    kind: complianceKindEnum("kind").notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    description: varchar("description", { length: 250 }).notNull().default(""),
    requiredOfAll: boolean("required_of_all").notNull().default(false),
    validityDays: smallint("validity_days"),
    /** Documents only: the least cover an insurance must give (in the enterprise's currency), checked on review. */
    minimumCover: integer("minimum_cover"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("compliance_requirements_name_uq").on(t.enterpriseId, sql`lower(${t.name})`),
    index("compliance_requirements_enterprise_idx").on(t.enterpriseId, t.kind).where(sql`${t.disabledAt} IS NULL`),
    check("compliance_requirements_validity", sql`${t.validityDays} IS NULL OR ${t.validityDays} BETWEEN 1 AND 3650`),
    check(
      "compliance_requirements_cover",
      sql`${t.minimumCover} IS NULL OR (${t.kind} = 'document' AND ${t.minimumCover} > 0)`,
    ),
  ],
);

/**
 * A work type's worker requirements: hot work → hot-work training for every crew member; confined space → entry
 * training for every one, and a trained attendant (`one_worker`) among them.
 */
export const workTypeRequirements = pgTable(
  "work_type_requirements",
  {
    workTypeId: uuid("work_type_id")
      .notNull()
      .references(() => workTypes.id, { onDelete: "cascade" }),
    requirementId: uuid("requirement_id")
      .notNull()
      .references(() => complianceRequirements.id, { onDelete: "cascade" }),
    rule: crewRuleEnum("rule").notNull().default("every_worker"),
  },
  (t) => [
    primaryKey({ columns: [t.workTypeId, t.requirementId] }),
    index("work_type_requirements_requirement_idx").on(t.requirementId),
  ],
);

/**
 * Evidence that meets a requirement, for the enterprise that set it: a company document (supplier, no worker) or a
 * person's competence or induction (worker; the supplier too when the person is a contractor's, none for the
 * enterprise's own staff). Uploaded evidence waits for review (pending) and is accepted or refused with a reason; an
 * induction is recorded by the principal's staff, accepted as it is recorded. Never edited after review: a renewal
 * is new evidence, so what counted on a given day stays known. Dates are calendar days, the last one included.
 */
export const complianceEvidence = pgTable(
  "compliance_evidence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The requirement's enterprise, kept for tenant scoping. */
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    requirementId: uuid("requirement_id")
      .notNull()
      .references(() => complianceRequirements.id, { onDelete: "restrict" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "cascade" }),
    workerId: uuid("worker_id").references(() => users.id, { onDelete: "restrict" }),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "restrict" }),
    issuer: varchar("issuer", { length: 100 }).notNull().default(""),
    reference: varchar("reference", { length: 60 }).notNull().default(""),
    /** Documents with a minimum cover: the cover the document states. */
    coverAmount: integer("cover_amount"),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }),
    status: evidenceStatusEnum("status").notNull().default("pending"),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    refusalReason: varchar("refusal_reason", { length: 250 }),
  },
  (t) => [
    index("compliance_evidence_supplier_idx").on(t.enterpriseId, t.supplierId),
    index("compliance_evidence_worker_idx").on(t.workerId, t.requirementId),
    index("compliance_evidence_requirement_idx").on(t.requirementId),
    index("compliance_evidence_pending_idx").on(t.enterpriseId, t.submittedAt).where(sql`${t.status} = 'pending'`),
    // The reminder and lapse jobs look for accepted items by their last day.
    index("compliance_evidence_until_idx").on(t.validUntil).where(sql`${t.status} = 'accepted'`),
    check("compliance_evidence_subject", sql`${t.supplierId} IS NOT NULL OR ${t.workerId} IS NOT NULL`),
    check("compliance_evidence_dates", sql`${t.validUntil} IS NULL OR ${t.validUntil} >= ${t.validFrom}`),
    check("compliance_evidence_cover", sql`${t.coverAmount} IS NULL OR ${t.coverAmount} >= 0`),
    check("compliance_evidence_reviewed", sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`),
    check(
      "compliance_evidence_refusal",
      sql`(${t.status} = 'refused') = (${t.refusalReason} IS NOT NULL AND length(trim(${t.refusalReason})) > 0)`,
    ),
  ],
);

/**
 * A worker's card (docs/decisions.md, "The worker's card"): the unguessable token of the public page its QR code
 * opens, one per worker. The supplier re-issues it (a lost or copied card): the old token then matches nothing.
 */
export const workerCards = pgTable(
  "worker_cards",
  {
    workerId: uuid("worker_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: varchar("token", { length: 64 }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** The worker's photo, given by its supplier: the gatekeeper compares it with the face at the gate. */
    photoFileId: uuid("photo_file_id").references(() => files.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("worker_cards_token_uq").on(t.token)],
);
