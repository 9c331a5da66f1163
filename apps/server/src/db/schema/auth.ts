import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { authOutcomeEnum, codePurposeEnum } from "./enums";
import { users } from "./users";

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh marks the
 * presented token used and issues the next one in the same family. Presenting a used token again
 * means it was stolen or replayed: the whole family is revoked.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The family's absolute end: rotation never extends it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

/** Six-digit codes (account confirmation, password reset), stored as keyed hashes. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: codePurposeEnum("purpose").notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** Password reset only: set once the code is verified; the new password must come with it. */
    resetTokenHash: varchar("reset_token_hash", { length: 64 }).unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt)],
);

/** Invitation links for people created by others (managers, employees, invited suppliers). */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invitations_user_idx").on(t.userId)],
);

/** Every sign-in attempt and refusal: the audit trail and the source of the per-account/per-address limits. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 150 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    outcome: authOutcomeEnum("outcome").notNull(),
    reason: varchar("reason", { length: 64 }),
    /** What the password was given for: signing in, or signing a permit (each has its own limit). */
    purpose: varchar("purpose", { length: 20 }).notNull().default("sign_in"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("auth_attempts_purpose", sql`${t.purpose} IN ('sign_in', 'signature')`),
    index("auth_attempts_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    index("auth_attempts_email_idx").on(t.email, t.createdAt),
    index("auth_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);
