import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { divisions, enterprises, timestamps } from "./companies";
import { files } from "./files";
import { users } from "./users";

/**
 * A sector (zone) of a division, with its site map. Soft-deleted: permits that name a deleted sector stay
 * readable. `enterprise_id` repeats the division's for tenant scoping; the composite foreign key keeps the
 * two in agreement. Deleting a division removes its (already soft-deleted) sectors with it.
 */
export const sectors = pgTable(
  "sectors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    divisionId: uuid("division_id").notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    number: integer("number").notNull(),
    gatheringPoint: varchar("gathering_point", { length: 150 }).notNull(),
    mapFileId: uuid("map_file_id").references(() => files.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "sectors_division_fk",
      columns: [t.divisionId, t.enterpriseId],
      foreignColumns: [divisions.id, divisions.enterpriseId],
    }).onDelete("cascade"),
    uniqueIndex("sectors_division_number_uq").on(t.divisionId, t.number).where(sql`${t.deletedAt} IS NULL`),
    index("sectors_enterprise_number_idx").on(t.enterpriseId, t.number).where(sql`${t.deletedAt} IS NULL`),
    index("sectors_division_name_idx").on(t.divisionId, sql`lower(${t.name})`).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * A sub-sector (sub-zone): a point on its sector's map, as fractions (0..1) of the image from the top left; or,
 * while its sector has no plan yet, not placed at all (both null; docs/decisions.md "A sector without a plan").
 */
export const subSectors = pgTable(
  "sub_sectors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => sectors.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    x: doublePrecision("x"),
    y: doublePrecision("y"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("sub_sectors_sector_idx").on(t.sectorId).where(sql`${t.deletedAt} IS NULL`),
    check(
      "sub_sectors_position_fraction",
      // Spelled out: with one coordinate null, BETWEEN alone would give NULL, which a CHECK lets through.
      sql`(${t.x} IS NULL AND ${t.y} IS NULL) OR (${t.x} IS NOT NULL AND ${t.y} IS NOT NULL AND ${t.x} BETWEEN 0 AND 1 AND ${t.y} BETWEEN 0 AND 1)`,
    ),
  ],
);

/** The permissions matrix: what a permit manager may do in a sector. No row means neither. */
export const sectorPermissions = pgTable(
  "sector_permissions",
  {
    managerId: uuid("manager_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => sectors.id, { onDelete: "cascade" }),
    canVerify: boolean("can_verify").notNull(),
    canApprove: boolean("can_approve").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "sector_permissions_pk", columns: [t.managerId, t.sectorId] }),
    index("sector_permissions_sector_idx").on(t.sectorId),
    check("sector_permissions_some_role", sql`${t.canVerify} OR ${t.canApprove}`),
  ],
);
