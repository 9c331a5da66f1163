import { MATRIX_ROLES, type TMatrixRole } from "@openpermit/shared";
import type { TFunction } from "i18next";

/** The choices of a matrix cell, in the order the select shows them. */
export const CELL_CHOICES = MATRIX_ROLES;

/** A select's value back to a role; anything unexpected is no role rather than a guess. */
export function parseCellRole(value: string | null | undefined): TMatrixRole {
  return (MATRIX_ROLES as readonly string[]).includes(value ?? "") ? (value as TMatrixRole) : "none";
}

/** What each role lets a permit manager do in a sector. */
export function rolePowers(role: TMatrixRole): { verify: boolean; approve: boolean } {
  return { verify: role === "verifier" || role === "both", approve: role === "approver" || role === "both" };
}

/** The select's options: "—" for none (read as "No role"), then Verifier, Approver, Both. */
export function cellOptions(t: TFunction): { value: TMatrixRole; label: string; spoken: string }[] {
  return CELL_CHOICES.map((role) => ({
    value: role,
    label: t(`organisation:permissions.roles.${role}`),
    spoken: t(`organisation:permissions.spokenRoles.${role}`),
  }));
}

/** A sector as a matrix column: "#3 Tank farm". */
export function sectorColumnLabel(sector: { number: number; name: string }): string {
  return `#${sector.number} ${sector.name}`;
}
