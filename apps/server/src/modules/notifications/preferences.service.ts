import {
  notificationKindsOf,
  type TNotificationKind,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type TRole,
  V,
} from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";

function preferencesOf(role: TRole, mutedKinds: readonly string[]): TNotificationPreferences {
  return { kinds: notificationKindsOf(role).map((kind) => ({ kind, email: !mutedKinds.includes(kind) })) };
}

/** The caller's own e-mail preferences, for the kinds its role may receive. */
export async function getNotificationPreferences(db: TDb, caller: TCaller): Promise<TNotificationPreferences> {
  const [row] = await db.select({ muted: users.emailMutedKinds }).from(users).where(eq(users.id, caller.id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  return preferencesOf(caller.role, row.muted);
}

/**
 * Sets the kinds named (the others keep their setting). A kind the caller's role never receives is refused: a
 * client offering it is wrong. One UPDATE computes the new list from the stored one, so two saves from two tabs
 * each keep the other's kinds.
 */
export async function updateNotificationPreferences(
  db: TDb,
  caller: TCaller,
  update: TNotificationPreferencesUpdate,
): Promise<TNotificationPreferences> {
  const own = new Set<string>(notificationKindsOf(caller.role));
  const entries = Object.entries(update.email) as [TNotificationKind, boolean][];
  const foreign = entries.filter(([kind]) => !own.has(kind));
  if (foreign.length > 0) {
    const fields = Object.fromEntries(foreign.map(([kind]) => [`email.${kind}`, V.invalidValue]));
    throw new AppError("VALIDATION_FAILED", "These notifications are not sent to this account.", fields);
  }
  const mute = entries.filter(([, email]) => !email).map(([kind]) => kind);
  const unmute = entries.filter(([, email]) => email).map(([kind]) => kind);
  const [row] = await db
    .update(users)
    .set({
      emailMutedKinds: sql`(
        SELECT coalesce(jsonb_agg(DISTINCT kind ORDER BY kind), '[]'::jsonb)
        FROM (
          SELECT jsonb_array_elements_text(${users.emailMutedKinds}) AS kind
          UNION SELECT unnest(${sql.param(mute)}::text[])
        ) kinds
        WHERE kind <> ALL(${sql.param(unmute)}::text[])
      )`,
    })
    .where(eq(users.id, caller.id))
    .returning({ muted: users.emailMutedKinds });
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  return preferencesOf(caller.role, row.muted);
}
