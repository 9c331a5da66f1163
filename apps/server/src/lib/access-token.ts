import { isRole, type TRole } from "@openpermit/shared";
import { jwtVerify, SignJWT } from "jose";

/** Access tokens live 15 minutes at most (the refresh cookie renews them). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "openpermit";
const ALGORITHMS = ["HS256"];

export interface TAccessClaims {
  userId: string;
  email: string;
  role: TRole;
}

export interface TVerifiedClaims extends TAccessClaims {
  /** Issued-at, in seconds since the epoch. */
  issuedAt: number;
}

export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
  }

  /** The claims the web app reads (spec §3): email, role, certserialnumber (the user id). */
  sign(claims: TAccessClaims): Promise<string> {
    return new SignJWT({ email: claims.email, role: claims.role, certserialnumber: claims.userId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.#ttlSeconds}s`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or null for anything else (expired, forged, other algorithm). */
  async verify(token: string): Promise<TVerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ALGORITHMS, issuer: ISSUER });
      const { email, role, certserialnumber } = payload;
      if (typeof email !== "string" || typeof certserialnumber !== "string" || !isRole(role)) return null;
      if (payload.sub !== certserialnumber) return null;
      return { userId: certserialnumber, email, role, issuedAt: payload.iat ?? 0 };
    } catch {
      return null;
    }
  }
}
