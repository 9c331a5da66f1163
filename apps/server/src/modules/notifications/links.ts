import { areaOfRole, permitPaths, type TRole } from "@openpermit/shared";

/** The permit's page in the reader's own area: the principal's staff open `permit/<id>`, contractors their sent list. */
export function permitLinkFor(role: TRole, permitId: string): string | null {
  const area = areaOfRole(role);
  if (!area || area === "admin") return null;
  return permitPaths(area).view(permitId);
}
