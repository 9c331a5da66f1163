import type { TPermitRelation } from "@openpermit/shared";
import type { TContext } from "../../context";
import type { TCaller } from "../../plugins/auth";
import { supplierScope } from "../affiliations/affiliation-scope";
import { organisationScope } from "../organisation/scope";

/**
 * Who is asking, as the permits module needs it: a principal's person (its enterprise, and its division for a
 * manager) or a contractor's (its supplier). Built once the caller's company is known to be open.
 */
export type TPermitParty =
  | {
      side: "principal";
      role: "Enterprise" | "SuperResponsible" | "Responsible";
      userId: string;
      enterpriseId: string;
      divisionId: string | null;
    }
  | { side: "contractor"; role: "Supplier" | "Employee"; userId: string; supplierId: string };

export async function permitPartyOf(ctx: TContext, caller: TCaller): Promise<TPermitParty> {
  if (caller.role === "Supplier" || caller.role === "Employee") {
    const scope = await supplierScope(ctx, caller);
    return { side: "contractor", role: scope.role, userId: scope.userId, supplierId: scope.supplierId };
  }
  const scope = await organisationScope(ctx, caller);
  return {
    side: "principal",
    role: scope.role,
    userId: scope.userId,
    enterpriseId: scope.enterpriseId,
    divisionId: scope.role === "Enterprise" ? null : scope.divisionId,
  };
}

/** What of a permit decides how a person stands to it. */
export interface TPermitStanding {
  enterpriseId: string;
  divisionId: string | null;
  supplierId: string | null;
  createdBy: string | null;
  verifiedBy: string | null;
  /** The caller's cell of the permissions matrix for the permit's sector (null: no row). */
  canVerify: boolean | null;
  canApprove: boolean | null;
}

/** How the party stands to one permit (the workflow table's input). */
export function relationOf(party: TPermitParty, permit: TPermitStanding): TPermitRelation {
  const principalOfIt = party.side === "principal" && party.enterpriseId === permit.enterpriseId;
  return {
    isCreator: permit.createdBy === party.userId,
    isCreatorsSupplier:
      party.side === "contractor" && party.role === "Supplier" && permit.supplierId === party.supplierId,
    isVerifier: principalOfIt && permit.canVerify === true,
    isApprover: principalOfIt && permit.canApprove === true,
    isPrincipalEditor:
      principalOfIt &&
      (party.role === "Enterprise" ||
        (party.role === "SuperResponsible" && permit.divisionId !== null && permit.divisionId === party.divisionId)),
    isItsVerifier: permit.verifiedBy === party.userId,
  };
}
