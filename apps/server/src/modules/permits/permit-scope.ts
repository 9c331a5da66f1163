import { and, eq, or, type SQL } from "drizzle-orm";
import { permits } from "../../db/schema";
import type { TPermitParty } from "./permit-party";

/**
 * The permits a party sees: its own; a supplier's company's (its employees' too); the enterprise's all of its
 * own; a division's SuperResponsible and Responsibles those of their division. Anyone else: none (404).
 */
export function visiblePermits(party: TPermitParty): SQL {
  const own = eq(permits.createdBy, party.userId);
  if (party.side === "contractor") {
    return party.role === "Supplier" ? or(own, eq(permits.supplierId, party.supplierId))! : own;
  }
  const ofEnterprise = eq(permits.enterpriseId, party.enterpriseId);
  if (party.role === "Enterprise") return ofEnterprise;
  if (!party.divisionId) return own;
  return or(own, and(ofEnterprise, eq(permits.divisionId, party.divisionId)))!;
}

/** A draft: never sent, or sent back for a recheck. Only then may its content change. */
export const DRAFT_STATUSES = ["pending", "Recheck"] as const;
export const isDraft = (status: string) => (DRAFT_STATUSES as readonly string[]).includes(status);
