import { timestamp } from "drizzle-orm/pg-core";

/** Created and last-updated times; kept apart so schema files that import each other can use it eagerly. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
