import type { TUserRow } from "../modules/users/users.repository";
import type { TCaller } from "../plugins/auth";

/**
 * Whose profile a caller may read. Anything else answers 404: existence itself is private.
 * Later capabilities widen this (a principal's staff reading their affiliated contractors).
 */
export function canSeeProfile(caller: TCaller, target: TUserRow): boolean {
  if (caller.id === target.id) return true;
  switch (caller.role) {
    case "Admin":
      return true;
    case "Enterprise":
      return target.enterpriseId !== null && target.enterpriseId === caller.enterpriseId;
    case "SuperResponsible":
    case "Responsible":
      return target.divisionId !== null && target.divisionId === caller.divisionId;
    case "Supplier":
      return target.supplierId !== null && target.supplierId === caller.supplierId;
    case "Employee":
      return target.supplierId === caller.supplierId && target.role === "Supplier";
  }
}
