import { bigint, index, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * The tamper-evident audit trail (docs/decisions.md, The audit trail): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE — see the
 * migration), one hash chain per tenant (`chain` = the enterprise id, or `platform` for what belongs to no tenant).
 * Each entry's `hash` covers its own content and the previous entry's hash in the same chain, so an altered or removed
 * entry breaks the chain from there on. No foreign keys: the trail outlives the people and objects it names.
 * Never holds secrets (passwords, codes, tokens).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chain: varchar("chain", { length: 40 }).notNull(),
    /** Position in its chain, from 1, without gaps. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorRole: varchar("actor_role", { length: 30 }),
    /** Who, as a person reads it (the e-mail at the time), so the trail stays readable after an account is gone. */
    actorLabel: varchar("actor_label", { length: 150 }),
    enterpriseId: uuid("enterprise_id"),
    action: varchar("action", { length: 80 }).notNull(),
    objectType: varchar("object_type", { length: 40 }),
    objectId: varchar("object_id", { length: 80 }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar("ip", { length: 64 }),
    prevHash: varchar("prev_hash", { length: 64 }).notNull(),
    hash: varchar("hash", { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex("audit_log_chain_seq_uq").on(t.chain, t.seq),
    index("audit_log_enterprise_at_idx").on(t.enterpriseId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
  ],
);
