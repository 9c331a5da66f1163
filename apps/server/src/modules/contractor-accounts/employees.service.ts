import type { TAccountStatus, TEmployee } from "@openpermit/shared";
import { and, eq, ilike, or } from "drizzle-orm";
import { managedEmployee, ownEmployee, supplierAccountScope, type TSupplierScope } from "../../access/contractors";
import type { TContext } from "../../context";
import { users } from "../../db/schema";
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
import { employeesOf, listEmployees as listRows, type TEmployeeRow } from "./employees.repository";

function toEmployee(row: TEmployeeRow): TEmployee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const employee = (scope: TSupplierScope, id: string): TManagedPerson => ({
  id,
  person: ownEmployee(scope, id),
  kind: "employee",
});

/** How the invitation names who sent it. */
const inviterOf = (scope: TSupplierScope) => ({ id: scope.userId, name: `${scope.userName} (${scope.supplierName})` });

export async function listEmployees(
  ctx: TContext,
  caller: TCaller,
  query: { q?: string | undefined; status?: TAccountStatus | undefined; page: number; pageSize: number },
) {
  const scope = await supplierAccountScope(ctx, caller);
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    employeesOf(scope.supplierId),
    query.status ? eq(users.status, query.status) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  )!;
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toEmployee), query, total);
}

export async function getEmployee(ctx: TContext, caller: TCaller, id: string): Promise<TEmployee> {
  return toEmployee(await managedEmployee(ctx, await supplierAccountScope(ctx, caller), id));
}

/**
 * Creates an employee as `invited` and mails the invitation to Complete-Account, in one transaction: the
 * person exists if and only if the e-mail is queued. Any account holding the e-mail (any case) is a 409.
 */
export async function createEmployee(
  ctx: TContext,
  caller: TCaller,
  input: { name: string; email: string; phone: string | null },
): Promise<TEmployee> {
  const scope = await supplierAccountScope(ctx, caller);
  const id = await createInvitedPerson(
    ctx,
    {
      email: input.email,
      name: input.name,
      phone: input.phone,
      role: "Employee",
      // The inviter's language is the best guess of the employee's; they can change it.
      language: caller.language,
      supplierId: scope.supplierId,
    },
    inviterOf(scope),
    caller,
  );
  ctx.log.info({ event: "employee-invited", id, supplierId: scope.supplierId, by: scope.userId }, "employee invited");
  return toEmployee(await managedEmployee(ctx, scope, id));
}

/** Edits an employee's name or phone (`null` clears the phone); the e-mail does not change. */
export async function updateEmployee(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: { name?: string | undefined; phone?: string | null | undefined },
): Promise<TEmployee> {
  const scope = await supplierAccountScope(ctx, caller);
  await updateManagedAccount(ctx, caller, employee(scope, id), input);
  return toEmployee(await managedEmployee(ctx, scope, id));
}

/**
 * Disables an employee: its next request is refused (the auth plugin reads the status every time), its
 * sessions and open invitation links end.
 */
export async function disableEmployee(ctx: TContext, caller: TCaller, id: string): Promise<TEmployee> {
  const scope = await supplierAccountScope(ctx, caller);
  await managedEmployee(ctx, scope, id);
  await disableManagedAccount(ctx, caller, employee(scope, id));
  ctx.log.info({ event: "employee-disabled", id, by: scope.userId }, "employee disabled");
  return toEmployee(await managedEmployee(ctx, scope, id));
}

/** Enables a disabled employee again: active if it had set its password, else invited (resend the invitation). */
export async function enableEmployee(ctx: TContext, caller: TCaller, id: string): Promise<TEmployee> {
  const scope = await supplierAccountScope(ctx, caller);
  const current = await managedEmployee(ctx, scope, id);
  if (current.status === "disabled") {
    await enableManagedAccount(ctx, caller, employee(scope, id), current.hasPassword);
    ctx.log.info({ event: "employee-enabled", id, by: scope.userId }, "employee enabled");
  }
  return toEmployee(await managedEmployee(ctx, scope, id));
}

/** A new invitation link (the earlier one stops working); only while the employee is `invited`, else 409. */
export async function resendEmployeeInvitation(ctx: TContext, caller: TCaller, id: string): Promise<TEmployee> {
  const scope = await supplierAccountScope(ctx, caller);
  const current = await managedEmployee(ctx, scope, id);
  if (current.status !== "invited") throw new AppError("CONFLICT", "This employee has already completed the account.");
  await sendInvitation(ctx, id, inviterOf(scope));
  return toEmployee(current);
}

/**
 * Deletes an employee with its sessions and invitations (by cascade). One whom permits name (a request, a send,
 * a history entry) is refused with PERSON_NAMED_ON_PERMITS: the permits keep their names, the account is disabled.
 */
export async function deleteEmployee(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await supplierAccountScope(ctx, caller);
  await deleteManagedAccount(ctx, caller, employee(scope, id));
  ctx.log.info({ event: "employee-deleted", id, by: scope.userId }, "employee deleted");
}
