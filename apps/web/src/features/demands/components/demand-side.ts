import {
  AFFILIATION_PRINCIPAL_EDITORS,
  AFFILIATION_RESTARTABLE,
  type TAffiliationDemand,
  type TAffiliationSide,
  type TAffiliationStatus,
} from "@openpermit/shared";

/** The supplier sees demands from its side; every principal role (Responsible included) from the other. */
export function sideOfRole(role: string | null): TAffiliationSide {
  return role === "Supplier" ? "supplier" : "principal";
}

/** Responsibles read the demands of their enterprise but never decide them, so nothing "waits" for them. */
export function canDecideDemands(role: string | null): boolean {
  return role === "Supplier" || (AFFILIATION_PRINCIPAL_EDITORS as readonly string[]).includes(role ?? "");
}

/**
 * How the other side of a demand is named: the contractor for a principal, the enterprise for a supplier. An
 * invitation not yet accepted does not say which contractor holds the address: it is named by that address.
 */
export function otherCompanyName(demand: TAffiliationDemand, side: TAffiliationSide): string {
  if (side === "supplier") return demand.enterprise.name;
  return demand.supplier?.name ?? demand.email;
}

/**
 * Whether a supplier may ask to work for an enterprise of the directory: when there is no affiliation yet, or
 * it ended (detached, denied, cancelled). Affiliated and pending ones are shown but not pickable.
 */
export function canRequestAffiliation(status: TAffiliationStatus | null): boolean {
  return status === null || AFFILIATION_RESTARTABLE.includes(status);
}

export type TDemandsView = "waiting" | "all";

/** The view named in the URL, if it names one. */
export function readView(value: string | null): TDemandsView | null {
  return value === "waiting" || value === "all" ? value : null;
}

/**
 * The view a page opens on when the URL names none: "Waiting for me" when something waits, otherwise "All"
 * (also when the count failed). null while the count is unknown: the page waits for it.
 */
export function defaultView(waitingCount: number | undefined, countFailed: boolean): TDemandsView | null {
  if (countFailed) return "all";
  if (waitingCount === undefined) return null;
  return waitingCount > 0 ? "waiting" : "all";
}
