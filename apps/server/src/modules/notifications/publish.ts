import type pg from "pg";

/** The PostgreSQL channel every server instance LISTENs on for new notifications. */
export const NOTIFY_CHANNEL = "openpermit_notifications";

/** The channel of changes on site (migration 0017_live_site_map's triggers publish on it). */
export const SITE_CHANNEL = "openpermit_site";

/** A change on site: the sector's enterprise, division and id. */
export interface TSiteChange {
  e: string;
  d: string;
  s: string;
}

/** Reads a site change back; anything malformed is dropped. */
export function parseSiteChange(payload: string | undefined): TSiteChange | null {
  try {
    const value = JSON.parse(payload ?? "") as Partial<TSiteChange> | null;
    if (value && typeof value.e === "string" && typeof value.d === "string" && typeof value.s === "string") {
      return { e: value.e, d: value.d, s: value.s };
    }
    return null;
  } catch {
    return null;
  }
}

/** One published notification: whose it is, and its id (the listener reads the row itself). */
export type TPublished = [userId: string, notificationId: string];

// A NOTIFY payload must stay under 8000 bytes; an entry is about 80 bytes of JSON.
const PER_PAYLOAD = 80;

/**
 * Publishes new notifications to every instance's open streams. Called inside the transaction that created them:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, so a rolled-back change publishes nothing
 * and a committed one cannot be lost between the commit and the publish.
 */
export async function publishNotifications(client: pg.PoolClient, entries: TPublished[]): Promise<void> {
  for (let start = 0; start < entries.length; start += PER_PAYLOAD) {
    const payload = JSON.stringify(entries.slice(start, start + PER_PAYLOAD));
    await client.query("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, payload]);
  }
}

/** Reads a payload back; anything malformed is dropped (a NOTIFY on our channel from elsewhere, say). */
export function parsePublished(payload: string | undefined): TPublished[] {
  try {
    const value: unknown = JSON.parse(payload ?? "");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is TPublished =>
        Array.isArray(entry) && entry.length === 2 && entry.every((part) => typeof part === "string"),
    );
  } catch {
    return [];
  }
}
