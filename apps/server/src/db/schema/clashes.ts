import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { enterprises } from "./companies";
import { permits } from "./permits";
import { workTypes } from "./risks";
import { users } from "./users";

/**
 * A pair of an enterprise's work types that must not run at once in one sector (docs/safety.md, clashes). Kept
 * unordered by storing the lower id first (CHECK), so the unique index makes (A, B) and (B, A) one pair.
 */
export const incompatibleWorkTypes = pgTable(
  "incompatible_work_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    lowWorkTypeId: uuid("low_work_type_id")
      .notNull()
      .references(() => workTypes.id, { onDelete: "cascade" }),
    highWorkTypeId: uuid("high_work_type_id")
      .notNull()
      .references(() => workTypes.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("incompatible_work_types_pair_uq").on(t.lowWorkTypeId, t.highWorkTypeId),
    index("incompatible_work_types_enterprise_idx").on(t.enterpriseId),
    check("incompatible_work_types_ordered", sql`${t.lowWorkTypeId} < ${t.highWorkTypeId}`),
  ],
);

/**
 * Each clash a signer acknowledged: on which permit, with which other permit, at which step (send, verify,
 * approve), why they clashed then, the remark, who and when (the step's history event has the same time).
 * Append-only.
 */
export const permitClashAcknowledgements = pgTable(
  "permit_clash_acknowledgements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    // No action (checked at the statement's end): the other permit is never deleted alone, but a statement that
    // deletes both (a test's reset) may.
    otherPermitId: uuid("other_permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "no action" }),
    step: varchar("step", { length: 10 }).notNull(),
    rules: text("rules").array().notNull(),
    remark: varchar("remark", { length: 500 }).notNull(),
    acknowledgedBy: uuid("acknowledged_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("permit_clash_acknowledgements_permit_idx").on(t.permitId, t.acknowledgedAt),
    check("permit_clash_acknowledgements_step", sql`${t.step} IN ('send', 'verify', 'approve')`),
    check("permit_clash_acknowledgements_remark", sql`length(btrim(${t.remark})) > 0`),
    check(
      "permit_clash_acknowledgements_rules",
      sql`cardinality(${t.rules}) > 0 AND ${t.rules} <@ ARRAY['samePlace', 'incompatibleWork', 'sharedIsolation']::text[]`,
    ),
    check("permit_clash_acknowledgements_other", sql`${t.otherPermitId} <> ${t.permitId}`),
  ],
);
