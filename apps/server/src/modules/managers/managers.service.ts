import type { TAccountStatus, TManager, TManagerInput } from "@openpermit/shared";
import { and, eq, ilike, or } from "drizzle-orm";
import { managedBy, managedManager } from "../../access/managers";
import {
  assertDivisionVisible,
  editorScope,
  requireMayCreateManager,
  type TEditorScope,
  type TOrgScope,
} from "../../access/organisation";
import type { TContext } from "../../context";
import { sectorPermissions, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { sendInvitation } from "../auth/accounts.service";
import { createInvitedPerson } from "../auth/invite-person";
import {
  deleteManagedAccount,
  disableManagedAccount,
  enableManagedAccount,
  type TManagedPerson,
  updateManagedAccount,
} from "../users/managed-accounts";
import { listManagers as listRows, type TManagerRow } from "./managers.repository";

const manager = (scope: TEditorScope, id: string): TManagedPerson => ({
  id,
  person: and(managedBy(scope), eq(users.id, id))!,
  kind: "manager",
});

function toManager(row: TManagerRow): TManager {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role as TManager["role"],
    status: row.status,
    division: row.division,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How the invitation names who sent it. */
const inviterOf = (scope: TOrgScope) => ({ id: scope.userId, name: `${scope.userName} (${scope.enterpriseName})` });

export async function listManagers(
  ctx: TContext,
  caller: TCaller,
  query: {
    role?: TManager["role"] | undefined;
    divisionId?: string | undefined;
    status?: TAccountStatus | undefined;
    q?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await editorScope(ctx, caller);
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    managedBy(scope),
    query.role ? eq(users.role, query.role) : undefined,
    query.divisionId ? eq(users.divisionId, query.divisionId) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  )!;
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toManager), query, total);
}

export async function getManager(ctx: TContext, caller: TCaller, id: string): Promise<TManager> {
  return toManager(await managedManager(ctx, await editorScope(ctx, caller), id));
}

/**
 * Creates a manager as `invited` and mails the invitation to Complete-Account, in one transaction: the
 * person exists if and only if the e-mail is queued. A super-responsible creates responsibles of its own
 * division only.
 */
export async function createManager(ctx: TContext, caller: TCaller, input: TManagerInput): Promise<TManager> {
  const scope = await editorScope(ctx, caller);
  requireMayCreateManager(scope, input.role);
  await assertDivisionVisible(ctx, scope, input.divisionId);
  const id = await createInvitedPerson(
    ctx,
    {
      email: input.email,
      name: input.name,
      phone: input.phone,
      role: input.role,
      // The inviter's language is the best guess of the invited person's; they can change it.
      language: caller.language,
      enterpriseId: scope.enterpriseId,
      divisionId: input.divisionId,
    },
    inviterOf(scope),
    caller,
  );
  ctx.log.info({ event: "manager-invited", id, role: input.role, by: scope.userId }, "manager invited");
  return toManager(await managedManager(ctx, scope, id));
}

/**
 * Edits a manager's name, phone or division. A responsible moving to another division loses its matrix
 * cells: they were for the sectors of the division it leaves.
 */
export async function updateManager(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: { name?: string | undefined; phone?: string | undefined; divisionId?: string | undefined },
): Promise<TManager> {
  const scope = await editorScope(ctx, caller);
  const current = await managedManager(ctx, scope, id);
  const moving = input.divisionId !== undefined && input.divisionId !== current.division.id;
  if (moving) await assertDivisionVisible(ctx, scope, input.divisionId!);
  await updateManagedAccount(ctx, caller, manager(scope, id), input, async (tx) => {
    // Its cells were for the sectors of the division it leaves.
    if (moving) await tx.delete(sectorPermissions).where(eq(sectorPermissions.managerId, id));
  });
  return toManager(await managedManager(ctx, scope, id));
}

/**
 * Disables a manager: its next request is refused (the auth plugin reads the status every time), its
 * sessions and open invitation links end. Its matrix cells stay, for when it is enabled again.
 */
export async function disableManager(ctx: TContext, caller: TCaller, id: string): Promise<TManager> {
  const scope = await editorScope(ctx, caller);
  await managedManager(ctx, scope, id);
  await disableManagedAccount(ctx, caller, manager(scope, id));
  ctx.log.info({ event: "manager-disabled", id, by: scope.userId }, "manager disabled");
  return toManager(await managedManager(ctx, scope, id));
}

/** Enables a disabled manager again: active if it had set its password, else invited (resend the invitation). */
export async function enableManager(ctx: TContext, caller: TCaller, id: string): Promise<TManager> {
  const scope = await editorScope(ctx, caller);
  const current = await managedManager(ctx, scope, id);
  if (current.status === "disabled") {
    await enableManagedAccount(ctx, caller, manager(scope, id), current.hasPassword);
    ctx.log.info({ event: "manager-enabled", id, by: scope.userId }, "manager enabled");
  }
  return toManager(await managedManager(ctx, scope, id));
}

/** A new invitation link (the earlier one stops working); only while the manager is `invited`, else 409. */
export async function resendInvitation(ctx: TContext, caller: TCaller, id: string): Promise<TManager> {
  const scope = await editorScope(ctx, caller);
  const current = await managedManager(ctx, scope, id);
  if (current.status !== "invited") throw new AppError("CONFLICT", "This manager has already completed the account.");
  await sendInvitation(ctx, id, inviterOf(scope));
  return toManager(current);
}

/**
 * Deletes a manager with its matrix cells, sessions and invitations (all by cascade). One whom permits name (who
 * verified, approved or acted on them) is refused with PERSON_NAMED_ON_PERMITS: disabled instead, never erased.
 */
export async function deleteManager(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await editorScope(ctx, caller);
  await deleteManagedAccount(ctx, caller, manager(scope, id));
  ctx.log.info({ event: "manager-deleted", id, by: scope.userId }, "manager deleted");
}
