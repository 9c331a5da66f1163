import type { TContext } from "../../context";
import type { TCaller } from "../../plugins/auth";
import { requireSupplier, supplierScope, type TSupplierScope } from "../contractor-accounts/supplier-scope";
import { organisationScope, requireEditor, type TOrgScope } from "../organisation/scope";

/** The supplier side of an affiliation: the caller's supplier company (one definition, in contractor-accounts). */
export { supplierScope, type TSupplierScope };

/** The principal side of an affiliation: the caller's enterprise (active), read by any principal role. */
export type TPrincipalScope = TOrgScope;
export type TPrincipalEditorScope = Exclude<TOrgScope, { role: "Responsible" }>;

export const principalScope = organisationScope;

/** Enterprise and SuperResponsible only: a Responsible reads affiliations but never changes them (403). */
export async function principalEditorScope(ctx: TContext, caller: TCaller): Promise<TPrincipalEditorScope> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  return scope;
}

/** The supplier's account holder only (an employee reads its principals, nothing more). */
export async function supplierAccountScope(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  const scope = await supplierScope(ctx, caller);
  requireSupplier(scope);
  return scope;
}
