import { index, jsonb, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { enterprises, suppliers } from "./companies";
import { demandKindEnum, demandStatusEnum } from "./enums";
import { users } from "./users";

/** A request that someone must approve, deny or cancel (product.md §2, Demand). */
export const demands = pgTable(
  "demands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: demandKindEnum("kind").notNull(),
    status: demandStatusEnum("status").notNull().default("pending"),
    enterpriseId: uuid("enterprise_id").references(() => enterprises.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
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
  ],
);
