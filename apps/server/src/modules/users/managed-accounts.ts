import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { invitations, users } from "../../db/schema";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { endAllSessions } from "../auth/sessions.service";
import { refuseIfNamedOnPermits } from "./users.repository";

/**
 * The account writes a company makes on the people it manages (a supplier its employees, the principal its
 * managers), each in one transaction with its audit entry. `person` is the WHERE that finds the one person the
 * caller manages (its scope and its id): a person outside it is not touched.
 */
export interface TManagedPerson {
  id: string;
  person: SQL;
  /** How the person is named in a 404 ("employee", "manager"). */
  kind: string;
}

/** Changes the named fields (undefined ones are left as they are); 404 when the person is not managed. */
export async function updateManagedAccount(
  ctx: TContext,
  caller: TCaller,
  target: TManagedPerson,
  input: Record<string, unknown>,
  alsoInTransaction?: (tx: TDb) => Promise<unknown>,
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await inTransaction(ctx.pool, async (tx) => {
    const updated = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(target.person)
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound(target.kind);
    await alsoInTransaction?.(tx);
    await appendAudit(tx, {
      by: caller,
      action: "account.updated",
      object: ["user", target.id],
      details: { fields: Object.keys(changes) },
    });
  });
}

/**
 * Disables the account: its next request is refused (the auth plugin reads the status every time), its sessions
 * and open invitation links end.
 */
export async function disableManagedAccount(ctx: TContext, caller: TCaller, target: TManagedPerson): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    await tx
      .update(users)
      .set({ status: "disabled", updatedAt: new Date() })
      .where(and(target.person, ne(users.status, "disabled")));
    await endAllSessions(tx, target.id);
    await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(eq(invitations.userId, target.id), isNull(invitations.usedAt)));
    await appendAudit(tx, { by: caller, action: "account.disabled", object: ["user", target.id] });
  });
}

/** Enables a disabled account again: active if its owner had set a password, else invited (to be sent again). */
export async function enableManagedAccount(
  ctx: TContext,
  caller: TCaller,
  target: TManagedPerson,
  hasPassword: boolean,
): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    await tx
      .update(users)
      .set({ status: hasPassword ? "active" : "invited", updatedAt: new Date() })
      .where(and(target.person, eq(users.status, "disabled")));
    await appendAudit(tx, { by: caller, action: "account.enabled", object: ["user", target.id] });
  });
}

/**
 * Deletes the account with what hangs on it (sessions, invitations, matrix cells: by cascade). One whom permits
 * name is refused with PERSON_NAMED_ON_PERMITS: the permits keep their names, the account is disabled instead.
 */
export async function deleteManagedAccount(ctx: TContext, caller: TCaller, target: TManagedPerson): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    const deleted = await tx.delete(users).where(target.person).returning({ email: users.email });
    if (deleted.length === 0) throw notFound(target.kind);
    await appendAudit(tx, {
      by: caller,
      action: "account.deleted",
      object: ["user", target.id],
      details: { email: deleted[0]!.email },
    });
  }).catch(refuseIfNamedOnPermits);
}
