import { areaOfRole, type TArea, type TParent, type TProfileRecord } from "@openpermit/shared";
import type { TSessionClaims } from "./decode-token";

/** The session state of docs/domain.md, Session and tokens (logo preview and permit list arrive with their features). */
export interface TSession {
  /** True from page load until the stored token is decoded and its profile loaded (or failed). */
  loading: boolean;
  role: string | null;
  id: string | null;
  email: string | null;
  name: string | null;
  /** The supplier (fournisseur) of an Employee, the division of a Responsible or SuperResponsible. */
  parent: TParent | null;
  /** The own company of an Enterprise or Supplier account. */
  company: { id: string; name: string } | null;
}

export const SIGNED_OUT: TSession = {
  loading: false,
  role: null,
  id: null,
  email: null,
  name: null,
  parent: null,
  company: null,
};

export function sessionFromClaims(claims: TSessionClaims): TSession {
  return { ...SIGNED_OUT, loading: true, role: claims.role, id: claims.id, email: claims.email };
}

export function withProfile(session: TSession, profile: TProfileRecord): TSession {
  return {
    ...session,
    name: profile.name,
    parent: profile.fournisseur ?? profile.division ?? null,
    company: profile.company ?? null,
  };
}

/** The area a session may open: it needs an id and a role that names an area (docs/domain.md, Roles and areas). */
export function sessionArea(session: Pick<TSession, "id" | "role">): TArea | null {
  return session.id ? areaOfRole(session.role) : null;
}
