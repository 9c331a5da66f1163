import { integer, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * An uploaded file's record. The bytes live in the storage (lib/storage.ts) under `storage_key`, a
 * random name that says nothing of the file; the type was read from the content, not from the name.
 */
export const files = pgTable("files", {
  id: uuid("id").primaryKey().defaultRandom(),
  storageKey: varchar("storage_key", { length: 64 }).notNull().unique(),
  contentType: varchar("content_type", { length: 100 }).notNull(),
  byteSize: integer("byte_size").notNull(),
  /** Images only: pixel size as displayed (EXIF rotation applied). */
  width: integer("width"),
  height: integer("height"),
  sha256: varchar("sha256", { length: 64 }).notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
