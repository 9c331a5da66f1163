import { isRole, type TRole } from "@openpermit/shared";
import { jwtVerify, SignJWT } from "jose";

/** Access tokens live 15 minutes at most (the refresh cookie renews them). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "openpermit";
const ALGORITHMS = ["HS256"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TAccessClaims {
  userId: string;
  email: string;
  role: TRole;
  /**
   * The sign-in (refresh-token family) the token belongs to (`sid`): once that session ends (sign-out, a replayed
   * refresh token), its access tokens are refused too, before they expire (plugins/auth.ts).
   */
  sessionId?: string;
}

export interface TVerifiedClaims extends TAccessClaims {
  /** Issued-at, in seconds since the epoch. */
  issuedAt: number;
}

/** How many verified tokens are remembered (a few per person signed in; the oldest are forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  /**
   * Tokens whose signature was checked, with their claims and expiry: a browser sends the same token with every
   * request for 15 minutes, and checking its HMAC again each time cost a tenth of a permit read. Only the very same
   * string hits; the expiry is still checked on every use, and the person is still read from the database.
   */
  readonly #verified = new Map<string, { claims: TVerifiedClaims; expiresAt: number }>();
  readonly #key: Uint8Array<ArrayBuffer>;
  /** The key imported once: jose would import the raw bytes again on every verification. */
  readonly #verifyKey: Promise<CryptoKey>;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
    this.#key = new TextEncoder().encode(secret);
    this.#verifyKey = crypto.subtle.importKey("raw", this.#key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    this.#ttlSeconds = ttlSeconds;
  }

  /** The claims the web app reads (docs/domain.md, Session and tokens): email, role, certserialnumber (the user id). */
  sign(claims: TAccessClaims): Promise<string> {
    const session = claims.sessionId ? { sid: claims.sessionId } : {};
    return new SignJWT({ email: claims.email, role: claims.role, certserialnumber: claims.userId, ...session })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.#ttlSeconds}s`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or null for anything else (expired, forged, other algorithm). */
  async verify(token: string): Promise<TVerifiedClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.#verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.#verifyKey, { algorithms: ALGORITHMS, issuer: ISSUER });
      const { email, role, certserialnumber, sid } = payload;
      if (typeof email !== "string" || typeof certserialnumber !== "string" || !isRole(role)) return null;
      if (payload.sub !== certserialnumber || payload.exp === undefined) return null;
      if (sid !== undefined && (typeof sid !== "string" || !UUID.test(sid))) return null;
      const claims = { userId: certserialnumber, email, role, issuedAt: payload.iat ?? 0, sessionId: sid };
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
