import { AREA_PATHS, areaOfRole, areaPath, permitPaths, type TRole } from "@openpermit/shared";

/** The permit's page in the reader's own area: the principal's staff open `permit/<id>`, contractors their sent list. */
export function permitLinkFor(role: TRole, permitId: string): string | null {
  const area = areaOfRole(role);
  if (!area || area === "admin") return null;
  return permitPaths(area).view(permitId);
}

/** Where the principal's reviewers act on evidence given: the review page of their own area. */
export function evidenceReviewLink(role: TRole): string {
  return areaPath(role === "SuperResponsible" ? "superresponsible" : "enterprise", AREA_PATHS.complianceReview);
}

/**
 * Where the contractor's side reads a review: the supplier's compliance page; a worker without a Supplier account,
 * its own card (it lists its certificates and where each stands).
 */
export function supplierComplianceLink(role: TRole): string | null {
  if (role === "Supplier") return areaPath("supplier", AREA_PATHS.compliance);
  if (role === "Employee") return areaPath("employee", AREA_PATHS.workerCard);
  return null;
}
