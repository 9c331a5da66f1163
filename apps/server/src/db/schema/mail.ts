import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The e-mail allowances (docs/decisions.md, "How many e-mails a route may cause"): how many mails one key — a
 * recipient address for one kind of mail, a signed-in account, or a client address on a public route — caused in its
 * current window. Counted by one INSERT … ON CONFLICT DO UPDATE (modules/mail/mail-allowance.ts), so two requests
 * at once never both read the same count.
 */
export const mailAllowances = pgTable(
  "mail_allowances",
  {
    /** `to:<kind>:<address>`, `by:account:<user id>` or `by:address:<client address>`. */
    key: varchar("key", { length: 200 }).primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    sent: integer("sent").notNull().default(1),
  },
  (t) => [check("mail_allowances_sent", sql`${t.sent} > 0`)],
);
