import { ISOLATION_ENERGIES } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
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
import { enterprises } from "./companies";
import { permits } from "./permits";
import { sectors, subSectors } from "./sectors";
import { users } from "./users";

export const isolationEnergyEnum = pgEnum("isolation_energy", ISOLATION_ENERGIES);

/**
 * An isolation point of the register (lock-out/tag-out): where energy is isolated before work, in a sector or one
 * of its sub-sectors, optionally placed on the sector's map like a sub-sector. The tag is unique per enterprise
 * among live points. Soft-deleted: permits that named it keep it.
 */
export const isolationPoints = pgTable(
  "isolation_points",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => sectors.id, { onDelete: "cascade" }),
    subSectorId: uuid("sub_sector_id").references(() => subSectors.id, { onDelete: "set null" }),
    tag: varchar("tag", { length: 50 }).notNull(),
    equipment: varchar("equipment", { length: 150 }).notNull(),
    energy: isolationEnergyEnum("energy").notNull(),
    method: varchar("method", { length: 250 }).notNull(),
    x: doublePrecision("x"),
    y: doublePrecision("y"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("isolation_points_tag_uq").on(t.enterpriseId, sql`lower(${t.tag})`).where(sql`${t.deletedAt} IS NULL`),
    index("isolation_points_sector_idx").on(t.sectorId).where(sql`${t.deletedAt} IS NULL`),
    check(
      "isolation_points_position",
      // Spelled out: with one coordinate null, BETWEEN alone would give NULL, which a CHECK lets through.
      sql`(${t.x} IS NULL AND ${t.y} IS NULL) OR (${t.x} IS NOT NULL AND ${t.y} IS NOT NULL AND ${t.x} BETWEEN 0 AND 1 AND ${t.y} BETWEEN 0 AND 1)`,
    ),
  ],
);

/**
 * One isolation of a point: applied (lock number, by whom, when), proven (zero-energy test signed by a second
 * person), released after the last live permit needing it. At most one in place (not released) per point: applied
 * once, it serves every permit that names the point.
 */
export const isolationApplications = pgTable(
  "isolation_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pointId: uuid("point_id")
      .notNull()
      .references(() => isolationPoints.id, { onDelete: "cascade" }),
    lockNumber: varchar("lock_number", { length: 50 }).notNull(),
    appliedBy: uuid("applied_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull(),
    provenBy: uuid("proven_by").references(() => users.id, { onDelete: "restrict" }),
    provenAt: timestamp("proven_at", { withTimezone: true }),
    proofLanguage: varchar("proof_language", { length: 2 }),
    proofDeclaration: text("proof_declaration"),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "restrict" }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releaseRemark: varchar("release_remark", { length: 250 }),
  },
  (t) => [
    uniqueIndex("isolation_applications_in_place_uq").on(t.pointId).where(sql`${t.releasedAt} IS NULL`),
    check(
      "isolation_applications_proof_whole",
      sql`(${t.provenBy} IS NULL AND ${t.provenAt} IS NULL AND ${t.proofDeclaration} IS NULL AND ${t.proofLanguage} IS NULL)
        OR (${t.provenBy} IS NOT NULL AND ${t.provenAt} IS NOT NULL AND ${t.proofDeclaration} IS NOT NULL
          AND ${t.proofLanguage} IN ('en', 'fr'))`,
    ),
    check("isolation_applications_second_person", sql`${t.provenBy} IS DISTINCT FROM ${t.appliedBy}`),
    check("isolation_applications_release_whole", sql`(${t.releasedBy} IS NULL) = (${t.releasedAt} IS NULL)`),
  ],
);

/** The isolation points a permit needs. */
export const permitIsolations = pgTable(
  "permit_isolations",
  {
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    pointId: uuid("point_id")
      .notNull()
      .references(() => isolationPoints.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.pointId] }), index("permit_isolations_point_idx").on(t.pointId)],
);
