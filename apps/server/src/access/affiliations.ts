import { affiliationDemandActions, type TAffiliationDirection, type TDemandAction } from "@openpermit/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { TContext } from "../context";
import type { TDb } from "../db/client";
import { affiliations, demands } from "../db/schema";
import { found } from "../lib/not-found";
import { findAffiliationDemand } from "../modules/affiliations/affiliation-requests.repository";
import type { TCaller } from "../plugins/auth";
import { supplierAccountScope } from "./contractors";
import { editorScope, organisationScope, type TEditorScope, type TOrgScope } from "./organisation";
import { forbidden } from "./refusal";

/** The principal side of an affiliation: the caller's enterprise (active), read by any principal role. */
export type TPrincipalScope = TOrgScope;
export type TPrincipalEditorScope = TEditorScope;

export const principalScope = organisationScope;

/** Enterprise and SuperResponsible only: a Responsible reads affiliations but never changes them (403). */
export const principalEditorScope = editorScope;

/** Which side of affiliations the caller stands on, and its company there. */
export type TParty =
  | { side: "principal"; role: string; userId: string; enterpriseId: string; companyName: string }
  | { side: "supplier"; role: "Supplier"; userId: string; supplierId: string; companyName: string };

/** A principal's person (any of its roles) or a supplier's account holder; anyone else is refused (403). */
export async function partyOf(ctx: TContext, caller: TCaller): Promise<TParty> {
  if (caller.role === "Supplier") {
    const scope = await supplierAccountScope(ctx, caller);
    return {
      side: "supplier",
      role: "Supplier",
      userId: scope.userId,
      supplierId: scope.supplierId,
      companyName: scope.supplierName,
    };
  }
  const scope = await principalScope(ctx, caller);
  return {
    side: "principal",
    role: scope.role,
    userId: scope.userId,
    enterpriseId: scope.enterpriseId,
    companyName: scope.enterpriseName,
  };
}

/** The demands a party sees: its enterprise's or its supplier's. */
export const demandsOf = (party: TParty): SQL =>
  party.side === "principal" ? eq(demands.enterpriseId, party.enterpriseId) : eq(demands.supplierId, party.supplierId);

/** One demand as the party sees it; another company's is 404. */
export async function visibleDemand(ctx: TContext, party: TParty, id: string) {
  return found(await findAffiliationDemand(ctx.db, and(demandsOf(party), eq(demands.id, id))!), "request");
}

/**
 * Refuses (403) an action on a pending affiliation demand that the table of packages/shared
 * (`affiliationDemandActions`) does not give the party's role: the receiving side decides, the sender cancels.
 */
export function requireDemandAction(party: TParty, direction: TAffiliationDirection, action: TDemandAction): void {
  if (!affiliationDemandActions({ direction, status: "pending" }, party.role).includes(action)) {
    throw forbidden("You may not do this with this request.");
  }
}

/** Whether a contractor's supplier may still make permits for the enterprise (affiliated with it now). */
export async function isAffiliated(db: TDb, enterpriseId: string, supplierId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(affiliations)
    .where(
      and(
        eq(affiliations.enterpriseId, enterpriseId),
        eq(affiliations.supplierId, supplierId),
        eq(affiliations.status, "affiliated"),
      ),
    );
  return row !== undefined;
}
