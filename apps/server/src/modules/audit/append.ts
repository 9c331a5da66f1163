import type { TAuditAction } from "@openpermit/shared";
import { desc, eq, sql } from "drizzle-orm";
import type pg from "pg";
import { inTransaction, type TDb } from "../../db/client";
import { auditLog } from "../../db/schema";
import { entryHash, GENESIS_HASH } from "./audit-hash";

/** The chain of what belongs to no tenant (the admin's own acts, unknown e-mails at sign-in). */
export const PLATFORM_CHAIN = "platform";

/** Who acted: a signed-in caller (its e-mail is the label), or what a sign-in attempt knows. */
export interface TAuditActor {
  id: string | null;
  email: string | null;
  role: string | null;
  enterpriseId: string | null;
  ip?: string | null | undefined;
}

export interface TAuditEntryInput {
  by: TAuditActor | null;
  action: TAuditAction;
  /** The object acted on: its type and id. */
  object?: readonly [type: string, id: string] | undefined;
  /** The tenant the act belongs to, when it is not the actor's own (a contractor acting on a principal's permit). */
  enterpriseId?: string | null | undefined;
  /** Facts worth keeping — never a password, code, token or link. */
  details?: Record<string, unknown> | undefined;
  ip?: string | null | undefined;
}

/**
 * Appends one entry to its tenant's chain inside the caller's transaction, so the act and its entry commit or roll back
 * together. Appends to one chain are serialised by a transaction-scoped advisory lock (held until commit: call this
 * last in the transaction); seq is the last one + 1 and prev_hash the last hash.
 */
export async function appendAudit(tx: TDb, input: TAuditEntryInput): Promise<void> {
  const enterpriseId = input.enterpriseId ?? input.by?.enterpriseId ?? null;
  const chain = enterpriseId ?? PLATFORM_CHAIN;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${chain}`}))`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.chain, chain))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const entry = {
    chain,
    seq: (last?.seq ?? 0) + 1,
    // Set here, to the millisecond, so the hashed time is the stored one.
    at: new Date(),
    actorId: input.by?.id ?? null,
    actorRole: input.by?.role ?? null,
    actorLabel: input.by?.email?.slice(0, 150) ?? null,
    enterpriseId,
    action: input.action,
    objectType: input.object?.[0] ?? null,
    objectId: input.object?.[1] ?? null,
    details: input.details ?? {},
    ip: (input.ip ?? input.by?.ip ?? null)?.slice(0, 64) ?? null,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await tx.insert(auditLog).values({ ...entry, hash: entryHash(entry) });
}

/** For what has no transaction of its own (refusals, failed sign-ins): one short transaction for the entry alone. */
export async function appendAuditAlone(pool: pg.Pool, input: TAuditEntryInput): Promise<void> {
  await inTransaction(pool, (tx) => appendAudit(tx, input));
}

const SIGN_IN_ACTIONS = {
  success: "auth.signIn",
  failure: "auth.signInFailed",
  refused: "auth.signInRefused",
  throttled: "auth.signInThrottled",
} as const satisfies Record<string, TAuditAction>;

/** A sign-in attempt, whatever its outcome: the e-mail tried (never the password), why, and from where. */
export function auditSignIn(
  pool: pg.Pool,
  attempt: { outcome: keyof typeof SIGN_IN_ACTIONS; reason: string; email: string; ip: string },
  user: { id: string; role: string; enterpriseId: string | null } | undefined,
): Promise<void> {
  return appendAuditAlone(pool, {
    by: {
      id: user?.id ?? null,
      email: attempt.email,
      role: user?.role ?? null,
      enterpriseId: user?.enterpriseId ?? null,
    },
    action: SIGN_IN_ACTIONS[attempt.outcome],
    object: user ? ["user", user.id] : undefined,
    details: { reason: attempt.reason },
    ip: attempt.ip,
  });
}
