import type { TTokenClaims } from "@openpermit/shared";
import { jwtDecode } from "jwt-decode";

export interface TSessionClaims {
  email: string;
  /** The raw role claim, e.g. `SuperResponsible` (used as-is in `/api/{role}/{id}`). */
  role: string;
  /** The `certserialnumber` claim: the user's id. */
  id: string;
}

/**
 * `ZTokenClaimsSchema`'s shape, checked by hand: this runs on the first page, which loads no zod
 * (decode-token.test.ts holds it to the schema).
 */
function isTokenClaims(claims: Partial<Record<keyof TTokenClaims, unknown>>): claims is TTokenClaims {
  return (
    typeof claims.email === "string" &&
    typeof claims.role === "string" &&
    typeof claims.certserialnumber === "string" &&
    (claims.exp === undefined || typeof claims.exp === "number")
  );
}

/** Reads the claims (docs/domain.md, Session and tokens) from a token without verifying it (the server does that). */
export function decodeToken(token: string | null | undefined): TSessionClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Partial<Record<keyof TTokenClaims, unknown>>>(token);
    if (!isTokenClaims(claims)) return null;
    return { email: claims.email, role: claims.role, id: claims.certserialnumber };
  } catch {
    return null;
  }
}

/** The email claim alone: enough to ask for a refresh (docs/domain.md, Session and tokens). */
export function emailOfToken(token: string | null | undefined): string | null {
  if (!token) return null;
  try {
    const { email } = jwtDecode<{ email?: unknown }>(token);
    return typeof email === "string" && email.length > 0 ? email : null;
  } catch {
    return null;
  }
}
