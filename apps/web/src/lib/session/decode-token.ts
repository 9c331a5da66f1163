import { ZTokenClaimsSchema } from "@openpermit/shared";
import { jwtDecode } from "jwt-decode";

export interface TSessionClaims {
  email: string;
  /** The raw role claim, e.g. `SuperResponsible` (used as-is in `/api/{role}/{id}`). */
  role: string;
  /** The `certserialnumber` claim: the user's id. */
  id: string;
}

/** Reads the claims (docs/domain.md, Session and tokens) from a token without verifying it (the server does that). */
export function decodeToken(token: string | null | undefined): TSessionClaims | null {
  if (!token) return null;
  try {
    const parsed = ZTokenClaimsSchema.safeParse(jwtDecode(token));
    if (!parsed.success) return null;
    return { email: parsed.data.email, role: parsed.data.role, id: parsed.data.certserialnumber };
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
