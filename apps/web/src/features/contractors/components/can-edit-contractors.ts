import { AFFILIATION_PRINCIPAL_EDITORS } from "@openpermit/shared";

/** Enterprise and super-responsible accounts invite, detach and re-affiliate; responsibles only read. */
export function canEditContractors(role: string | null): boolean {
  return (AFFILIATION_PRINCIPAL_EDITORS as readonly string[]).includes(role ?? "");
}
