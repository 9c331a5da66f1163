import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** A ticket opens one stream and lives one minute: long enough to open it, too short to be worth stealing. */
export const STREAM_TICKET_TTL_SECONDS = 60;
const ISSUER = "openpermit";
const AUDIENCE = "openpermit:notification-stream";

/**
 * Tickets for the notification stream, which EventSource opens without the bearer header (the ticket travels in
 * the URL). Signed with a key derived from the server secret for this purpose alone and checked for their own
 * audience: an access token is never accepted as a ticket, and a ticket never as an access token.
 */
export class StreamTickets {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = createHmac("sha256", secret).update("notification-stream-ticket").digest();
  }

  sign(userId: string, ttlSeconds = STREAM_TICKET_TTL_SECONDS): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.#key);
  }

  /** The user id of a valid ticket; null for anything else (expired, forged, an access token). */
  async verify(ticket: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.#key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      return typeof payload.sub === "string" ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
