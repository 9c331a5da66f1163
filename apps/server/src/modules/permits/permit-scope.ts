import { and, eq, ne, or, type SQL } from "drizzle-orm";
import { permits } from "../../db/schema";
import type { TPermitParty } from "./permit-party";

/**
 * The permits a party sees: its own; a supplier's company's (its employees' too); the enterprise's all of its
 * own; a division's SuperResponsible and Responsibles those of their division. Anyone else: none (404).
 *
 * The principal's side sees another person's permit only once it has been sent: a never-sent draft (`pending`:
 * no transition leads back to it) is its author's work in progress, not a request yet. It has no number, nobody
 * may review it, and a principal who could see it could cancel a contractor's unfinished form. A permit sent back
 * for a recheck stays visible: it is under review.
 */
export function visiblePermits(party: TPermitParty): SQL {
  const own = eq(permits.createdBy, party.userId);
  if (party.side === "contractor") {
    return party.role === "Supplier" ? or(own, eq(permits.supplierId, party.supplierId))! : own;
  }
  const ofEnterprise = eq(permits.enterpriseId, party.enterpriseId);
  const sentOnce = ne(permits.status, "pending");
  if (party.role === "Enterprise") return and(ofEnterprise, or(own, sentOnce))!;
  if (!party.divisionId) return own;
  return or(own, and(ofEnterprise, eq(permits.divisionId, party.divisionId), sentOnce))!;
}

/** A draft: never sent, or sent back for a recheck. Only then may its content change. */
export const DRAFT_STATUSES = ["pending", "Recheck"] as const;
export const isDraft = (status: string) => (DRAFT_STATUSES as readonly string[]).includes(status);
