import { type TNotification, ZNotificationSchema, ZPageSchema } from "@openpermit/shared";
import { type InfiniteData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseBody } from "../../../lib/api/parse-data";
import { NOTIFICATIONS_KEY, type TNotificationPage } from "./notifications-api";

/** The drawer's two views: every notification, or the unread ones only. */
export type TNotificationFilter = "all" | "unread";
export const FEED_PAGE_SIZE = 20;

const FEED_KEY = [...NOTIFICATIONS_KEY, "feed"] as const;
export const feedKey = (filter: TNotificationFilter) => [...FEED_KEY, filter] as const;

const ZFeedPageSchema = ZPageSchema(ZNotificationSchema);

/** GET /api/notifications?page&pageSize[&unread=true]: one page of the caller's, newest first. */
export async function getNotificationPage(filter: TNotificationFilter, page: number): Promise<TNotificationPage> {
  const params = { page, pageSize: FEED_PAGE_SIZE, ...(filter === "unread" ? { unread: "true" } : {}) };
  const response = await api.get("/notifications", { params });
  return parseBody(ZFeedPageSchema, response.data);
}

/** The drawer's list, page after page ("Load more"); fetched only while the drawer is open. */
export function useNotificationFeed(filter: TNotificationFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: feedKey(filter),
    queryFn: ({ pageParam }) => getNotificationPage(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}

/**
 * The pages' notifications in order, each once: a notification that arrives while the list is open pushes the
 * server's pages down by one, so the next page may repeat the last one already shown.
 */
export function feedItems(data: InfiniteData<TNotificationPage> | undefined): TNotification[] {
  const seen = new Set<string>();
  const items: TNotification[] = [];
  for (const page of data?.pages ?? []) {
    for (const notification of page.data) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      items.push(notification);
    }
  }
  return items;
}

/**
 * A new notification from the live stream goes first in the drawer's views (the unread one only if it is unread),
 * without a refetch; the totals grow with it so "Load more" still knows what is left.
 */
export function prependToFeeds(queryClient: QueryClient, notification: TNotification): void {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<TNotificationPage>>({ queryKey: FEED_KEY })) {
    if (!data || data.pages.length === 0) continue;
    if (key[2] === "unread" && notification.readAt !== null) continue;
    if (data.pages.some((page) => page.data.some((n) => n.id === notification.id))) continue;
    const [first, ...rest] = data.pages;
    queryClient.setQueryData<InfiniteData<TNotificationPage>>(key, {
      ...data,
      pages: [
        { ...first!, data: [notification, ...first!.data], total: first!.total + 1 },
        ...rest.map((page) => ({ ...page, total: page.total + 1 })),
      ],
    });
  }
}
