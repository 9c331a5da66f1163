import { createHmac, randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { TDb } from "../../db/client";
import { streamTicketUses } from "../../db/schema";

/** A ticket opens one stream (`redeem`) and lives one minute: long enough to open it, too short to be worth stealing. */
export const STREAM_TICKET_TTL_SECONDS = 60;
const ISSUER = "openpermit";
const AUDIENCE = "openpermit:notification-stream";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    return (
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        // Its id is recorded when it opens a stream: a second use is refused (`redeem`).
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(this.#key)
    );
  }

  /**
   * The user id of a valid ticket used for the first time, recording its use in the database (one INSERT on its
   * id: of two opens at once, on any instances, one gets the row); null for a used, expired or forged ticket, or one
   * without an id. Used tickets are forgotten once expired.
   */
  async redeem(db: TDb, ticket: string): Promise<string | null> {
    const claims = await this.#claims(ticket);
    if (!claims?.jti) return null;
    await db.delete(streamTicketUses).where(lt(streamTicketUses.expiresAt, sql`now()`));
    const [first] = await db
      .insert(streamTicketUses)
      .values({ jti: claims.jti, expiresAt: claims.expiresAt })
      .onConflictDoNothing()
      .returning({ jti: streamTicketUses.jti });
    return first ? claims.userId : null;
  }

  async #claims(ticket: string): Promise<{ userId: string; jti: string | null; expiresAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.#key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string" || payload.exp === undefined) return null;
      const jti = typeof payload.jti === "string" && UUID.test(payload.jti) ? payload.jti : null;
      return { userId: payload.sub, jti, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }
}
