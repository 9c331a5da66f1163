/** The six roles as they travel in the token's `role` claim (docs/domain.md, Roles and areas). */
export const ROLES = ["Admin", "Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"] as const;
export type TRole = (typeof ROLES)[number];

/** The web app's role areas (docs/domain.md, Roles and areas), one per role. */
export const AREAS = ["admin", "enterprise", "superresponsible", "responsible", "supplier", "employee"] as const;
export type TArea = (typeof AREAS)[number];

export function isRole(value: unknown): value is TRole {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * The area of a role claim. The spec lower-cases a claim longer than 2 characters; anything that is
 * not then one of the six areas has no area.
 */
export function areaOfRole(role: string | null | undefined): TArea | null {
  if (!role) return null;
  const lowered = role.length > 2 ? role.toLowerCase() : role;
  return (AREAS as readonly string[]).includes(lowered) ? (lowered as TArea) : null;
}

/** Default page of each area (docs/domain.md, Routes: each area's bare root redirects here). */
export const AREA_DEFAULT_PAGE = "default";

/** Roles that sign up by themselves; the others are created by someone else and complete their account. */
export const SELF_SIGN_UP_ROLES = ["Supplier", "Enterprise"] as const satisfies readonly TRole[];
export type TSelfSignUpRole = (typeof SELF_SIGN_UP_ROLES)[number];

/** Roles whose profile carries a division parent, and the one that carries a supplier (fournisseur). */
export const DIVISION_ROLES = ["SuperResponsible", "Responsible"] as const satisfies readonly TRole[];
export const SUPPLIER_MEMBER_ROLES = ["Employee"] as const satisfies readonly TRole[];
