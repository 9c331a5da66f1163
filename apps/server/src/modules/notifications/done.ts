import type { TPermitNotificationKind } from "@openpermit/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { publishNotifications } from "./publish";

/**
 * The notices that call someone to act while a permit is in a status (check it, approve it, accept it, fix it and
 * send it again, start it, end it): once the permit moves to another status, what they called for has been done — by
 * their reader or by anyone else they went to — and they are done for everyone.
 */
export const CALLS_CLOSED_BY_A_MOVE: readonly TPermitNotificationKind[] = [
  "permit.sent",
  "permit.verified",
  "permit.recheck",
  "permit.approved",
  "permit.startsSoon",
  "permit.overdue",
  "permit.overdueEscalated",
  "permit.waitingEscalated",
];

/**
 * Marks done (and read) the permit's notices of these kinds that are not yet done, for everyone they went to, inside
 * the caller's transaction, and publishes them so that open drawers show it (stream-hub: `notification-done`). Called
 * before the step's own notices are delivered, which are about what comes next. `remark`: only the notices with this
 * remark (an isolation's tag).
 */
export async function markNoticesDone(
  tx: TDb,
  client: pg.PoolClient,
  permitIds: string[],
  kinds: readonly TPermitNotificationKind[],
  remark?: string,
): Promise<number> {
  if (permitIds.length === 0) return 0;
  const done = await tx
    .update(notifications)
    .set({ doneAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(
        inArray(notifications.permitId, permitIds),
        isNull(notifications.doneAt),
        inArray(notifications.kind, [...kinds]),
        remark === undefined ? undefined : eq(sql`${notifications.params}->>'remark'`, remark),
      ),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishNotifications(
    client,
    done.map((row) => [row.userId, row.id]),
  );
  return done.length;
}

/**
 * Marks done (and read) the not yet done notices about these requests (a credits request's notice to every admin),
 * for everyone they went to, inside the caller's transaction: once one admin decided it, or the enterprise withdrew
 * it, no one is called to answer it any more.
 */
export async function markDemandNoticesDone(tx: TDb, client: pg.PoolClient, demandIds: string[]): Promise<number> {
  if (demandIds.length === 0) return 0;
  const done = await tx
    .update(notifications)
    .set({ doneAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(inArray(notifications.demandId, demandIds), isNull(notifications.doneAt)))
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishNotifications(
    client,
    done.map((row) => [row.userId, row.id]),
  );
  return done.length;
}
