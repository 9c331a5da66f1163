import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyStatusEnum } from "./enums";
// Only used inside `references()` callbacks, so the import cycle through users.ts is harmless.
import { files } from "./files";

/** What a principal and a contractor company both have. */
const companyColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 50 }).notNull(),
  email: varchar("email", { length: 150 }).notNull(),
  phone: varchar("phone", { length: 30 }),
  address: varchar("address", { length: 150 }),
  website: varchar("website", { length: 250 }),
  status: companyStatusEnum("status").notNull().default("pending_confirmation"),
  ...timestamps,
});

/** The principal (work giver): the tenant that owns divisions, sectors, risks and permits. */
export const enterprises = pgTable(
  "enterprises",
  {
    ...companyColumns(),
    /** The company page: what contractors read before and while they work on the site. */
    logoFileId: uuid("logo_file_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
    serviceDescription: varchar("service_description", { length: 2000 }),
    itinerary: varchar("itinerary", { length: 2000 }),
    youtubeUrls: jsonb("youtube_urls").$type<string[]>().notNull().default([]),
    /** Monday..Sunday, each `{ closed, open, close }` ("HH:mm"); null until the enterprise sets them. */
    businessHours: jsonb("business_hours").$type<{ closed: boolean; open: string | null; close: string | null }[]>(),
    socialLinks: jsonb("social_links").$type<{ network: string; url: string }[]>().notNull().default([]),
    /** How long before now a permit's window may start when it is sent (a permit written at a shift's start). */
    permitStartGraceMinutes: smallint("permit_start_grace_minutes").notNull().default(15),
    /** How long overdue work may run before the division's SuperResponsibles and the Enterprise are told. */
    overdueEscalationGraceMinutes: smallint("overdue_escalation_grace_minutes").notNull().default(30),
    /** How long a permit may wait on the principal's side (sent, verified) before they are told. */
    waitingEscalationDelayMinutes: smallint("waiting_escalation_delay_minutes").notNull().default(240),
    /** How many live permits (accepted or in progress) a worker may be signed on to at once (crew). */
    permitsPerWorker: smallint("permits_per_worker").notNull().default(1),
    /** The length of a shift in hours (null: off): work running longer without a recorded handover is flagged. */
    shiftLengthHours: smallint("shift_length_hours"),
    /**
     * Days before a compliance item's last day when its holder and the enterprise are reminded (docs/safety.md,
     * "Contractor compliance"); the first is also the "expiring" window of the compliance view. Second: null for one.
     */
    expiryFirstReminderDays: smallint("expiry_first_reminder_days").notNull().default(30),
    expirySecondReminderDays: smallint("expiry_second_reminder_days").default(7),
  },
  (t) => [
    check("enterprises_permit_start_grace", sql`${t.permitStartGraceMinutes} BETWEEN 0 AND 240`),
    check("enterprises_overdue_escalation_grace", sql`${t.overdueEscalationGraceMinutes} BETWEEN 0 AND 1440`),
    check("enterprises_waiting_escalation_delay", sql`${t.waitingEscalationDelayMinutes} BETWEEN 15 AND 10080`),
    check("enterprises_permits_per_worker", sql`${t.permitsPerWorker} BETWEEN 1 AND 10`),
    check("enterprises_shift_length", sql`${t.shiftLengthHours} IS NULL OR ${t.shiftLengthHours} BETWEEN 1 AND 24`),
    check(
      "enterprises_expiry_reminders",
      sql`${t.expiryFirstReminderDays} BETWEEN 1 AND 180 AND (${t.expirySecondReminderDays} IS NULL OR ${t.expirySecondReminderDays} BETWEEN 1 AND ${t.expiryFirstReminderDays} - 1)`,
    ),
    index("enterprises_status_idx").on(t.status),
    index("enterprises_name_idx").on(sql`lower(${t.name})`),
  ],
);

/** A contractor company (fournisseur). */
export const suppliers = pgTable(
  "suppliers",
  {
    ...companyColumns(), // The annotation breaks the type cycle suppliers → files → users → suppliers.
    logoFileId: uuid("logo_file_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
  },
  (t) => [
    index("suppliers_status_idx").on(t.status),
    index("suppliers_name_idx").on(sql`lower(${t.name})`),
    // The permit list searches contractors by name (ILIKE '%…%').
    index("suppliers_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/** A division of an enterprise; managers (SuperResponsible, Responsible) belong to one. */
export const divisions = pgTable(
  "divisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 250 }).notNull(),
    address: varchar("address", { length: 150 }).notNull(),
    province: varchar("province", { length: 50 }),
    postalCode: varchar("postal_code", { length: 50 }),
    country: varchar("country", { length: 50 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("divisions_enterprise_idx").on(t.enterpriseId),
    uniqueIndex("divisions_enterprise_name_uq").on(t.enterpriseId, sql`lower(${t.name})`),
    // The target of the composite foreign keys that keep a row's division and enterprise in agreement.
    unique("divisions_id_enterprise_uq").on(t.id, t.enterpriseId),
  ],
);

export { timestamps };
