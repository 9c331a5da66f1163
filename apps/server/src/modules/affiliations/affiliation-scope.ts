import { eq } from "drizzle-orm";
import type { TContext } from "../../context";
import { suppliers } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { organisationScope, requireEditor, type TOrgScope } from "../organisation/scope";

/** The principal side of an affiliation: the caller's enterprise (active), read by any principal role. */
export type TPrincipalScope = TOrgScope;
export type TPrincipalEditorScope = Exclude<TOrgScope, { role: "Responsible" }>;

/** The supplier side: the caller's supplier company. */
export interface TSupplierScope {
  role: "Supplier" | "Employee";
  userId: string;
  userName: string;
  supplierId: string;
  supplierName: string;
}

export const principalScope = organisationScope;

/** Enterprise and SuperResponsible only: a Responsible reads affiliations but never changes them (403). */
export async function principalEditorScope(ctx: TContext, caller: TCaller): Promise<TPrincipalEditorScope> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  return scope;
}

/** The caller's supplier company, once it is known to be open: a disabled company closes it to its people. */
export async function supplierScope(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  if ((caller.role !== "Supplier" && caller.role !== "Employee") || !caller.supplierId) {
    throw new AppError("FORBIDDEN", "You may not do this.");
  }
  const [supplier] = await ctx.db
    .select({ name: suppliers.name, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, caller.supplierId));
  if (!supplier || supplier.status === "disabled") throw new AppError("ACCOUNT_DISABLED");
  return {
    role: caller.role,
    userId: caller.id,
    userName: caller.name,
    supplierId: caller.supplierId,
    supplierName: supplier.name,
  };
}

/** The supplier's account holder only (an employee reads its principals, nothing more). */
export async function supplierAccountScope(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  const scope = await supplierScope(ctx, caller);
  if (scope.role !== "Supplier") throw new AppError("FORBIDDEN", "You may not do this.");
  return scope;
}
