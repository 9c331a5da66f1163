import { and, eq } from "drizzle-orm";
import type { TContext } from "../context";
import { suppliers, users } from "../db/schema";
import { AppError } from "../lib/app-error";
import { found } from "../lib/not-found";
import { employeesOf, findEmployee, type TEmployeeRow } from "../modules/contractor-accounts/employees.repository";
import type { TCaller } from "../plugins/auth";
import { forbidden } from "./refusal";

/** Where a contractor's person acts: its own supplier company, nothing else. */
export interface TSupplierScope {
  role: "Supplier" | "Employee";
  userId: string;
  userName: string;
  supplierId: string;
  supplierName: string;
}

/**
 * The caller's supplier, once it is known not to be disabled. The auth plugin already refuses the people of a
 * disabled company; this check keeps a service safe when it is called from elsewhere (a job, another service).
 */
export async function supplierScope(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  if ((caller.role !== "Supplier" && caller.role !== "Employee") || !caller.supplierId) {
    throw forbidden();
  }
  const supplier =
    caller.company ??
    (
      await ctx.db
        .select({ name: suppliers.name, status: suppliers.status })
        .from(suppliers)
        .where(eq(suppliers.id, caller.supplierId))
    )[0];
  if (!supplier || supplier.status === "disabled") throw new AppError("ACCOUNT_DISABLED");
  return {
    role: caller.role,
    userId: caller.id,
    userName: caller.name,
    supplierId: caller.supplierId,
    supplierName: supplier.name,
  };
}

/** The supplier account alone manages the company and its employees (the route policy says so too). */
export function requireSupplier(scope: TSupplierScope): void {
  if (scope.role !== "Supplier") throw forbidden();
}

/** The supplier's account holder only (an employee reads its principals, nothing more; 403). */
export async function supplierAccountScope(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  const scope = await supplierScope(ctx, caller);
  requireSupplier(scope);
  return scope;
}

/** The scope's own employee `id`, as a condition on `users`. */
export const ownEmployee = (scope: TSupplierScope, id: string) => and(employeesOf(scope.supplierId), eq(users.id, id))!;

/** One of the scope's employees; another supplier's, or anyone else, is 404 (existence stays private). */
export async function managedEmployee(ctx: TContext, scope: TSupplierScope, id: string): Promise<TEmployeeRow> {
  return found(await findEmployee(ctx.db, ownEmployee(scope, id)), "employee");
}
