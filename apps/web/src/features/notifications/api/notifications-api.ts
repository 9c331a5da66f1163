import {
  type TNotification,
  ZDataSchema,
  ZNotificationSchema,
  ZPageSchema,
  ZStreamTicketSchema,
} from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseBody, parseData } from "../../../lib/api/parse-data";

/** How many the bell shows (the rest are in the notifications drawer). */
export const RECENT_PAGE_SIZE = 10;

export const NOTIFICATIONS_KEY = ["notifications"] as const;
export const notificationKeys = {
  unreadCount: [...NOTIFICATIONS_KEY, "unread-count"] as const,
  recent: [...NOTIFICATIONS_KEY, "recent"] as const,
};

const ZRecentPageSchema = ZPageSchema(ZNotificationSchema);
export type TNotificationPage = z.infer<typeof ZRecentPageSchema>;

/** GET /api/notifications/unread-count. */
export async function getUnreadCount(): Promise<number> {
  const response = await api.get("/notifications/unread-count");
  return parseData(z.object({ count: z.number().int() }), response.data).count;
}

/** GET /api/notifications: the caller's newest ones. */
export async function getRecentNotifications(): Promise<TNotificationPage> {
  const response = await api.get("/notifications", { params: { pageSize: RECENT_PAGE_SIZE } });
  return parseBody(ZRecentPageSchema, response.data);
}

/** POST /api/notifications/:id/read (another person's is 404). */
export async function markNotificationRead(id: string): Promise<TNotification> {
  const response = await api.post(`/notifications/${encodeURIComponent(id)}/read`);
  return parseData(ZNotificationSchema, response.data);
}

/** POST /api/notifications/read-all: how many were marked. */
export async function markAllNotificationsRead(): Promise<number> {
  const response = await api.post("/notifications/read-all");
  return parseBody(ZDataSchema(z.object({ count: z.number().int() })), response.data).data.count;
}

/** POST /api/notifications/stream-ticket: a one-minute ticket for the live stream. */
export async function getStreamTicket(): Promise<string> {
  const response = await api.post("/notifications/stream-ticket");
  return parseData(ZStreamTicketSchema, response.data).ticket;
}

/** The badge: kept current by the live stream; also refetched when the user comes back to the tab. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: getUnreadCount,
    enabled,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
}

export function useRecentNotifications(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.recent, queryFn: getRecentNotifications, enabled, staleTime: 0 });
}

function useRefreshNotifications(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), [queryClient]);
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
}
