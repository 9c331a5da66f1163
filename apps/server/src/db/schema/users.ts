import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { divisions, enterprises, suppliers } from "./companies";
import { accountStatusEnum, languageEnum, roleEnum } from "./enums";

/**
 * Every person who signs in. Exactly one parent fits the role: an Enterprise user has an enterprise,
 * SuperResponsible/Responsible a division (and its enterprise, kept for tenant scoping),
 * Supplier/Employee a supplier; the Admin has none.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 150 }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }),
    name: varchar("name", { length: 50 }).notNull(),
    phone: varchar("phone", { length: 30 }),
    role: roleEnum("role").notNull(),
    language: languageEnum("language").notNull().default("en"),
    status: accountStatusEnum("status").notNull(),
    enterpriseId: uuid("enterprise_id").references(() => enterprises.id, { onDelete: "restrict" }),
    divisionId: uuid("division_id").references(() => divisions.id, { onDelete: "restrict" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "restrict" }),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Notification kinds this person does not want by e-mail (they still appear in the app). */
    emailMutedKinds: jsonb("email_muted_kinds").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_enterprise_idx").on(t.enterpriseId),
    index("users_division_idx").on(t.divisionId),
    index("users_supplier_idx").on(t.supplierId),
    check(
      "users_parent_fits_role",
      sql`(${t.role} = 'Admin' AND ${t.enterpriseId} IS NULL AND ${t.divisionId} IS NULL AND ${t.supplierId} IS NULL)
       OR (${t.role} = 'Enterprise' AND ${t.enterpriseId} IS NOT NULL AND ${t.divisionId} IS NULL AND ${t.supplierId} IS NULL)
       OR (${t.role} IN ('SuperResponsible', 'Responsible') AND ${t.enterpriseId} IS NOT NULL AND ${t.divisionId} IS NOT NULL AND ${t.supplierId} IS NULL)
       OR (${t.role} IN ('Supplier', 'Employee') AND ${t.supplierId} IS NOT NULL AND ${t.enterpriseId} IS NULL AND ${t.divisionId} IS NULL)`,
    ),
  ],
);
