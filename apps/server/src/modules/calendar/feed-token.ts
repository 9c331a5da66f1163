import { createHmac, timingSafeEqual } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The secret part of a calendar feed's address: `<feedId>.<HMAC-SHA256(feedId)>` under a key derived from the
 * server secret for this purpose alone. Nothing secret is stored: a copy of the database opens no feed, and
 * deleting the feed's row (or giving it a new id) is enough to close its address.
 */
export class FeedTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac("sha256", secret).update("calendar-feed-token").digest();
  }

  #mac(feedId: string): Buffer {
    return createHmac("sha256", this.#key).update(feedId).digest();
  }

  sign(feedId: string): string {
    return `${feedId}.${this.#mac(feedId).toString("base64url")}`;
  }

  /** The feed id of a well-made token; null for anything forged or malformed (the row may still be gone). */
  verify(token: string): string | null {
    const [feedId, mac, ...rest] = token.split(".");
    if (!feedId || !mac || rest.length > 0 || !UUID.test(feedId)) return null;
    const given = Buffer.from(mac, "base64url");
    const expected = this.#mac(feedId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? feedId : null;
  }
}
