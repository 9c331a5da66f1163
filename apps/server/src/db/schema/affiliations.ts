import { index, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { enterprises, suppliers } from "./companies";
import { affiliationStatusEnum } from "./enums";
import { users } from "./users";

/**
 * The one relation between a principal and a contractor (docs/domain.md, Domain model: Affiliation). Its status is the
 * current one; every change is kept in affiliation_events, so re-affiliating later keeps the history.
 */
export const affiliations = pgTable(
  "affiliations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    status: affiliationStatusEnum("status").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("affiliations_enterprise_supplier_uq").on(t.enterpriseId, t.supplierId),
    index("affiliations_enterprise_status_idx").on(t.enterpriseId, t.status),
    index("affiliations_supplier_status_idx").on(t.supplierId, t.status),
  ],
);

/** Who moved an affiliation to which status, and when. */
export const affiliationEvents = pgTable(
  "affiliation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliationId: uuid("affiliation_id")
      .notNull()
      .references(() => affiliations.id, { onDelete: "cascade" }),
    status: affiliationStatusEnum("status").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    remark: varchar("remark", { length: 250 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliation_events_affiliation_idx").on(t.affiliationId, t.createdAt)],
);
