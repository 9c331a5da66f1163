import type { TRole } from "./roles";

/**
 * Who may call a route. Every API route declares one (a route without one refuses to register):
 * - "public": anyone, signed in or not;
 * - "authenticated": any signed-in, active user;
 * - a list of roles: only those.
 * Finer rules (own tenant, own division, own supplier) are the services' business.
 */
export type TAccessPolicy = "public" | "authenticated" | readonly TRole[];

export const POLICIES = {
  public: "public",
  authenticated: "authenticated",
  admin: ["Admin"],
  enterprise: ["Enterprise"],
  principalStaff: ["Enterprise", "SuperResponsible", "Responsible"],
  /** Who edits a principal's organisation (sectors, sub-sectors, managers, permissions matrix). */
  organisationEditors: ["Enterprise", "SuperResponsible"],
  contractor: ["Supplier", "Employee"],
  /** Both sides of an affiliation demand: the principal's people (Responsibles read only) and the supplier. */
  affiliationParties: ["Enterprise", "SuperResponsible", "Responsible", "Supplier"],
  /** The supplier company account alone (its profile, logo and employees). */
  supplier: ["Supplier"],
  /**
   * Who reads the configuration a permit needs (work types, risks, specific risks, EPIs, what applies, the
   * matrix and criticality, sectors and their maps, sub-sectors). Suppliers and employees read those of an
   * enterprise their supplier is affiliated with, naming it with `?enterpriseId`; they never write them.
   */
  riskReaders: ["Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"],
  /**
   * Everyone a permit may concern: the principal's staff and the contractors (the Admin never sees permits).
   * Which permits each sees, and what each may do with them, is the permits module's business.
   */
  permitParties: ["Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"],
  /**
   * Who reads a worker's card: the worker, their supplier, and the principal's staff of an enterprise their
   * supplier is affiliated with (access/worker-cards.ts says which card each reads).
   */
  workerCardReaders: ["Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"],
  /** Compliance evidence: the Supplier account that gives it, the enterprise and SuperResponsibles who review it. */
  evidenceReaders: ["Enterprise", "SuperResponsible", "Supplier"],
} as const satisfies Record<string, TAccessPolicy>;

export function policyAllows(policy: TAccessPolicy, role: TRole | null): boolean {
  if (policy === "public") return true;
  if (role === null) return false;
  if (policy === "authenticated") return true;
  return policy.includes(role);
}
