import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, smallint, timestamp, uuid } from "drizzle-orm/pg-core";
import { complianceEvidence } from "./compliance";

/**
 * The expiry reminders sent for a piece of evidence: stage 1 (the enterprise's first reminder days before its last
 * valid day) and stage 2 (its second). The key makes each one once ever: a restart, a second run the same day or two
 * server instances insert the same row, and only the insert that wins tells anyone.
 */
export const complianceReminders = pgTable(
  "compliance_reminders",
  {
    evidenceId: uuid("evidence_id")
      .notNull()
      .references(() => complianceEvidence.id, { onDelete: "cascade" }),
    stage: smallint("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.evidenceId, t.stage] }),
    check("compliance_reminders_stage", sql`${t.stage} IN (1, 2)`),
  ],
);
