import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { divisions, enterprises } from "./companies";
import { sectors } from "./sectors";
import { users } from "./users";

/**
 * An emergency stop (docs/safety.md, "Suspension and emergency stop"): declared for one sector or a whole division
 * (no sector), with a reason, by the Enterprise or the division's SuperResponsible. In force until lifted; while in
 * force no permit there starts or resumes. The permits it suspended name it (`permits.suspended_by_emergency_id`).
 */
export const emergencies = pgTable(
  "emergencies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    divisionId: uuid("division_id")
      .notNull()
      .references(() => divisions.id, { onDelete: "restrict" }),
    /** Null: the whole division. */
    sectorId: uuid("sector_id").references(() => sectors.id, { onDelete: "restrict" }),
    reason: varchar("reason", { length: 500 }).notNull(),
    declaredBy: uuid("declared_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    declaredAt: timestamp("declared_at", { withTimezone: true }).notNull(),
    /** How many live permits the declaration suspended. */
    suspendedCount: integer("suspended_count").notNull(),
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "restrict" }),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftRemark: varchar("lift_remark", { length: 500 }),
  },
  (t) => [
    // The checks at start and resume, and the scheduler's, look for the ones in force of a division.
    index("emergencies_in_force_idx").on(t.divisionId, t.sectorId).where(sql`${t.liftedAt} IS NULL`),
    index("emergencies_enterprise_idx").on(t.enterpriseId, t.declaredAt),
    check("emergencies_reason_given", sql`length(trim(${t.reason})) > 0`),
    check("emergencies_lift_whole", sql`(${t.liftedAt} IS NULL) = (${t.liftedBy} IS NULL)`),
    check("emergencies_lift_remark_only_lifted", sql`${t.liftRemark} IS NULL OR ${t.liftedAt} IS NOT NULL`),
  ],
);
