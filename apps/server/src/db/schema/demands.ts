import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { affiliations } from "./affiliations";
import { enterprises, suppliers } from "./companies";
import { affiliationDirectionEnum, demandKindEnum, demandStatusEnum } from "./enums";
import { users } from "./users";

/** A request that someone must approve, deny or cancel (docs/domain.md, Domain model: Requests). */
export const demands = pgTable(
  "demands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: demandKindEnum("kind").notNull(),
    status: demandStatusEnum("status").notNull().default("pending"),
    enterpriseId: uuid("enterprise_id").references(() => enterprises.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** Affiliation demands: the affiliation they decide, who sent them, and the e-mail an invitation went to. */
    affiliationId: uuid("affiliation_id").references(() => affiliations.id, { onDelete: "cascade" }),
    direction: affiliationDirectionEnum("direction"),
    email: varchar("email", { length: 150 }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    remark: varchar("remark", { length: 250 }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("demands_kind_status_idx").on(t.kind, t.status, t.createdAt),
    index("demands_enterprise_idx").on(t.enterpriseId),
    index("demands_supplier_idx").on(t.supplierId),
    index("demands_affiliation_idx").on(t.affiliationId),
    // At most one pending demand per affiliation: a second invitation or request is refused, even when two race.
    uniqueIndex("demands_affiliation_pending_uq").on(t.affiliationId).where(sql`${t.status} = 'pending'`),
  ],
);
