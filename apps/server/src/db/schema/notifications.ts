import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { demands } from "./demands";
import { permits } from "./permits";
import { users } from "./users";

/**
 * A notification for one person. It keeps its kind and parameters, not sentences: the web app words it in the
 * reader's current language, and the e-mail sent with it was worded in the recipient's language.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 50 }).notNull(),
    params: jsonb("params").$type<Record<string, string | number | null>>().notNull().default({}),
    /** The in-app path it opens (e.g. the permit's page in the reader's area). */
    link: varchar("link", { length: 300 }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The permit it is about (null for credits); deleting a draft takes its notices with it. */
    permitId: uuid("permit_id").references(() => permits.id, { onDelete: "cascade" }),
    /** The request it is about (a credits request's notice to the admins): deciding it marks the notice done. */
    demandId: uuid("demand_id").references(() => demands.id, { onDelete: "cascade" }),
    /**
     * When what it called for was done (by its reader or anyone else it went to: the permit moved on, the extension
     * was decided…): it is then read for everyone it went to, and the list says so (notifications/done.ts).
     */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    index("notifications_permit_open_idx").on(t.permitId).where(sql`${t.doneAt} IS NULL`),
    index("notifications_demand_open_idx").on(t.demandId).where(sql`${t.doneAt} IS NULL`),
  ],
);

/**
 * A person's private calendar feed (iCal). The URL's secret is not stored: it is an HMAC of the feed's id under
 * the server's key, so a copy of the database alone opens no feed. Revoking deletes the row; a new one gets a new id.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_user_uq").on(t.userId)],
);

/**
 * The notification-stream tickets already used (their `jti`), kept until they expire: a ticket opens one stream,
 * whichever server instance it reaches (modules/notifications/stream-ticket.ts).
 */
export const streamTicketUses = pgTable(
  "stream_ticket_uses",
  {
    jti: uuid("jti").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("stream_ticket_uses_expires_idx").on(t.expiresAt)],
);
