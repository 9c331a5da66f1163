import type { TNotification } from "@openpermit/shared";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { AppError } from "../../lib/app-error";

type TRow = typeof notifications.$inferSelect;

export function toNotification(row: TRow): TNotification {
  return {
    id: row.id,
    kind: row.kind as TNotification["kind"],
    params: row.params,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own notifications, newest first, one page (the total from the same query). */
export async function listNotifications(
  db: TDb,
  userId: string,
  query: { page: number; pageSize: number; unread?: boolean },
) {
  const where = and(eq(notifications.userId, userId), query.unread ? isNull(notifications.readAt) : undefined);
  const rows = await db
    .select({ row: notifications, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // A page past the end still says how many there are.
  const total =
    rows[0]?.total ?? (query.page > 1 ? (await db.select({ n: count() }).from(notifications).where(where))[0]!.n : 0);
  return { data: rows.map((r) => toNotification(r.row)), page: query.page, pageSize: query.pageSize, total };
}

export async function unreadCount(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the caller's notifications read (once: a second call keeps the first time). Another's: 404. */
export async function markRead(db: TDb, userId: string, id: string): Promise<TNotification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "No such notification.");
  return toNotification(row);
}

export async function markAllRead(db: TDb, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
