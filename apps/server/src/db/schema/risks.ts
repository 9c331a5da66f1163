import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { enterprises, timestamps } from "./companies";
import { criticalityFlowEnum, matrixAxisEnum, workTypeKindEnum } from "./enums";
import { files } from "./files";
import { sectors, subSectors } from "./sectors";
import { users } from "./users";

const enterpriseId = () =>
  uuid("enterprise_id")
    .notNull()
    .references(() => enterprises.id, { onDelete: "restrict" });

/**
 * The platform's EPI (protective equipment) catalogue, kept by the admin. Soft-deleted: permits that name a
 * deleted EPI keep reading it (and its icon).
 */
export const epis = pgTable(
  "epis",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 50 }).notNull(),
    /** The name in French, for French readers; empty: they read `name` (docs/decisions.md). */
    nameFr: varchar("name_fr", { length: 50 }).notNull().default(""),
    description: varchar("description", { length: 250 }).notNull().default(""),
    iconFileId: uuid("icon_file_id").references(() => files.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("epis_name_idx").on(sql`lower(${t.name})`).where(sql`${t.deletedAt} IS NULL`)],
);

/** The EPIs an enterprise uses (what its risk assignments may require). */
export const enterpriseEpis = pgTable(
  "enterprise_epis",
  {
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    epiId: uuid("epi_id")
      .notNull()
      .references(() => epis.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "enterprise_epis_pk", columns: [t.enterpriseId, t.epiId] })],
);

/** A work type of an enterprise. `checklist` is the ordered list of item texts. Soft-deleted for old permits. */
export const workTypes = pgTable(
  "work_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: enterpriseId(),
    kind: workTypeKindEnum("kind").notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 250 }).notNull().default(""),
    procedure: text("procedure").notNull().default(""),
    checklist: jsonb("checklist").$type<string[]>().notNull().default([]),
    /** The positions of the checklist items a permit may answer "not applicable" (with a reason). */
    checklistMayBeNotApplicable: jsonb("checklist_may_be_not_applicable").$type<number[]>().notNull().default([]),
    /** The longest window a permit of this type may have, in hours (one shift by default). */
    maxValidityHours: smallint("max_validity_hours").notNull().default(12),
    /** Its permits start and resume only after a passing gas test no older than `gasRetestMinutes`. */
    gasTestRequired: boolean("gas_test_required").notNull().default(false),
    gasRetestMinutes: smallint("gas_retest_minutes").notNull().default(120),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("work_types_max_validity_hours", sql`${t.maxValidityHours} BETWEEN 1 AND 168`),
    check("work_types_gas_retest_minutes", sql`${t.gasRetestMinutes} BETWEEN 15 AND 1440`),
    index("work_types_enterprise_idx").on(t.enterpriseId, t.kind).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** A risk of an enterprise; `critical` puts it on the "Critical risks" list. Soft-deleted for old permits. */
export const risks = pgTable(
  "risks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: enterpriseId(),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 250 }).notNull().default(""),
    category: varchar("category", { length: 50 }).notNull().default(""),
    critical: boolean("critical").notNull().default(false),
    /** The lowest level a permit naming this risk may have (permitLevel); cleared when that level is deleted. */
    minLevelId: uuid("min_level_id").references((): AnyPgColumn => criticalityLevels.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("risks_enterprise_idx").on(t.enterpriseId).where(sql`${t.deletedAt} IS NULL`)],
);

/** A specific critical risk of an enterprise (e.g. working at height). Soft-deleted for old permits. */
export const specificRisks = pgTable(
  "specific_risks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: enterpriseId(),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 250 }).notNull(),
    checklist: jsonb("checklist").$type<string[]>().notNull().default([]),
    /** The positions of the checklist items a permit may answer "not applicable" (with a reason). */
    checklistMayBeNotApplicable: jsonb("checklist_may_be_not_applicable").$type<number[]>().notNull().default([]),
    trainingUrl: varchar("training_url", { length: 500 }),
    procedureLinks: jsonb("procedure_links").$type<{ title: string; url: string }[]>().notNull().default([]),
    logogramFileId: uuid("logogram_file_id").references(() => files.id, { onDelete: "set null" }),
    /** As for risks: the lowest level of a permit naming it. */
    minLevelId: uuid("min_level_id").references((): AnyPgColumn => criticalityLevels.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("specific_risks_enterprise_idx").on(t.enterpriseId).where(sql`${t.deletedAt} IS NULL`)],
);

/** A useful link of an enterprise (training material and the like). */
export const links = pgTable(
  "links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: enterpriseId(),
    title: varchar("title", { length: 50 }).notNull(),
    url: varchar("url", { length: 500 }).notNull(),
    tag: varchar("tag", { length: 50 }).notNull().default(""),
    ...timestamps,
  },
  (t) => [index("links_enterprise_idx").on(t.enterpriseId)],
);

/** Useful links attached to a specific risk, in order. */
export const specificRiskLinks = pgTable(
  "specific_risk_links",
  {
    specificRiskId: uuid("specific_risk_id")
      .notNull()
      .references(() => specificRisks.id, { onDelete: "cascade" }),
    linkId: uuid("link_id")
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ name: "specific_risk_links_pk", columns: [t.specificRiskId, t.linkId] }),
    index("specific_risk_links_link_idx").on(t.linkId),
  ],
);

/** A procedure file of a work type or of a specific risk (exactly one). */
export const procedureFiles = pgTable(
  "procedure_files",
  {
    fileId: uuid("file_id")
      .primaryKey()
      .references(() => files.id, { onDelete: "cascade" }),
    workTypeId: uuid("work_type_id").references(() => workTypes.id, { onDelete: "cascade" }),
    specificRiskId: uuid("specific_risk_id").references(() => specificRisks.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 250 }).notNull(),
  },
  (t) => [
    index("procedure_files_work_type_idx").on(t.workTypeId),
    index("procedure_files_specific_risk_idx").on(t.specificRiskId),
    check("procedure_files_one_owner", sql`(${t.workTypeId} IS NULL) <> (${t.specificRiskId} IS NULL)`),
  ],
);

/** An enterprise's risk matrix settings; its axes, levels and cells are the tables below. */
export const riskMatrices = pgTable("risk_matrices", {
  enterpriseId: uuid("enterprise_id")
    .primaryKey()
    .references(() => enterprises.id, { onDelete: "cascade" }),
  superResponsibleMayEdit: boolean("super_responsible_may_edit").notNull().default(false),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }),
});

/** A probability or severity level of an enterprise's matrix (rank 1 is the lowest). */
export const matrixAxisLevels = pgTable(
  "matrix_axis_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    axis: matrixAxisEnum("axis").notNull(),
    rank: integer("rank").notNull(),
    label: varchar("label", { length: 50 }).notNull(),
  },
  (t) => [uniqueIndex("matrix_axis_levels_rank_uq").on(t.enterpriseId, t.axis, t.rank)],
);

/** A criticality level of an enterprise's matrix and the permit flow it requires. */
export const criticalityLevels = pgTable(
  "criticality_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    colour: varchar("colour", { length: 7 }).notNull(),
    description: varchar("description", { length: 250 }).notNull().default(""),
    flow: criticalityFlowEnum("flow").notNull(),
  },
  (t) => [
    index("criticality_levels_enterprise_idx").on(t.enterpriseId),
    check("criticality_levels_colour", sql`${t.colour} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/** A cell of the matrix: probability × severity → level. */
export const matrixCells = pgTable(
  "matrix_cells",
  {
    probabilityId: uuid("probability_id")
      .notNull()
      .references(() => matrixAxisLevels.id, { onDelete: "cascade" }),
    severityId: uuid("severity_id")
      .notNull()
      .references(() => matrixAxisLevels.id, { onDelete: "cascade" }),
    levelId: uuid("level_id")
      .notNull()
      .references(() => criticalityLevels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "matrix_cells_pk", columns: [t.probabilityId, t.severityId] })],
);

/**
 * A risk assignment: a sector or a sub-sector (exactly one) × a work type → the risks, specific risks and
 * EPIs below. A sub-sector's assignment adds to its sector's.
 */
export const riskAssignments = pgTable(
  "risk_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: enterpriseId(),
    sectorId: uuid("sector_id").references(() => sectors.id, { onDelete: "cascade" }),
    subSectorId: uuid("sub_sector_id").references(() => subSectors.id, { onDelete: "cascade" }),
    workTypeId: uuid("work_type_id")
      .notNull()
      .references(() => workTypes.id, { onDelete: "cascade" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("risk_assignments_sector_uq").on(t.sectorId, t.workTypeId).where(sql`${t.sectorId} IS NOT NULL`),
    uniqueIndex("risk_assignments_sub_sector_uq")
      .on(t.subSectorId, t.workTypeId)
      .where(sql`${t.subSectorId} IS NOT NULL`),
    check("risk_assignments_one_place", sql`(${t.sectorId} IS NULL) <> (${t.subSectorId} IS NULL)`),
  ],
);

const assignmentId = () =>
  uuid("assignment_id")
    .notNull()
    .references(() => riskAssignments.id, { onDelete: "cascade" });

export const riskAssignmentRisks = pgTable(
  "risk_assignment_risks",
  {
    assignmentId: assignmentId(),
    riskId: uuid("risk_id")
      .notNull()
      .references(() => risks.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "risk_assignment_risks_pk", columns: [t.assignmentId, t.riskId] }),
    index("risk_assignment_risks_risk_idx").on(t.riskId),
  ],
);

export const riskAssignmentSpecificRisks = pgTable(
  "risk_assignment_specific_risks",
  {
    assignmentId: assignmentId(),
    specificRiskId: uuid("specific_risk_id")
      .notNull()
      .references(() => specificRisks.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "risk_assignment_specific_risks_pk", columns: [t.assignmentId, t.specificRiskId] }),
    index("risk_assignment_specific_risks_risk_idx").on(t.specificRiskId),
  ],
);

export const riskAssignmentEpis = pgTable(
  "risk_assignment_epis",
  {
    assignmentId: assignmentId(),
    epiId: uuid("epi_id")
      .notNull()
      .references(() => epis.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "risk_assignment_epis_pk", columns: [t.assignmentId, t.epiId] }),
    index("risk_assignment_epis_epi_idx").on(t.epiId),
  ],
);
