import { notifications as toasts } from "@mantine/notifications";
import { type TNotification, ZNotificationSchema } from "@openpermit/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { useEffect, useRef } from "react";
import { PERMITS_KEY } from "../../permits/api/query-keys";
import { SITE_MAP_KEY } from "../../site-map/api/query-keys";
import { prependToFeeds } from "../api/notification-feed";
import { getStreamTicket, NOTIFICATIONS_KEY, notificationKeys, type TNotificationPage } from "../api/notifications-api";
import { useNotificationText } from "../components/notification-text";

/** What the hook needs of EventSource (a fake in tests). */
export interface TEventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}
export type TCreateEventSource = (url: string) => TEventSourceLike;

const browserEventSource: TCreateEventSource | null =
  typeof EventSource === "undefined" ? null : (url) => new EventSource(url);

/** The first retry after a drop, doubled after each failure up to the ceiling. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** A new notification: one more unread, first in the recent list and the drawer's (without a refetch). */
function addToCaches(queryClient: QueryClient, notification: TNotification) {
  queryClient.setQueryData<number>(notificationKeys.unreadCount, (count) =>
    count === undefined ? count : count + (notification.readAt ? 0 : 1),
  );
  queryClient.setQueryData<TNotificationPage>(notificationKeys.recent, (page) =>
    page
      ? {
          ...page,
          data: [notification, ...page.data.filter((n) => n.id !== notification.id)].slice(0, page.pageSize),
          total: page.total + 1,
        }
      : page,
  );
  prependToFeeds(queryClient, notification);
  // A permit's notification means the permit moved: lists and pages on screen are out of date.
  if (notification.kind.startsWith("permit.")) void queryClient.invalidateQueries({ queryKey: PERMITS_KEY });
}

/**
 * The live stream of the signed-in user's notifications, opened once per session (by the bell, present in every
 * layout): a fresh ticket, then EventSource. Each `notification` event updates the caches and shows a toast; each
 * `notification-done` refreshes them; each `site` event refreshes the live site map.
 * EventSource's own retry would reuse a spent ticket, so on any error the stream is closed and reopened with a
 * new ticket after a growing delay; whatever was missed meanwhile is refetched when it opens again. `quiet` (the
 * drawer is open and shows them as they come): no toast, which would cover the drawer. Closed when
 * the user signs out (no `userId`) or the layout goes away.
 */
export function useNotificationStream(
  userId: string | null,
  createEventSource: TCreateEventSource | null = browserEventSource,
  options: { quiet?: boolean } = {},
): void {
  const queryClient = useQueryClient();
  const textOf = useNotificationText();
  const textRef = useRef(textOf);
  // Read when an event comes, so changing it does not reopen the stream.
  const quietRef = useRef(options.quiet ?? false);
  quietRef.current = options.quiet ?? false;
  textRef.current = textOf;

  useEffect(() => {
    if (!userId || !createEventSource) return;
    let source: TEventSourceLike | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;

    const retryLater = () => {
      if (stopped) return;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void connect(), delay);
    };

    const onNotification = (event: MessageEvent) => {
      let parsed: ReturnType<typeof ZNotificationSchema.safeParse>;
      try {
        parsed = ZNotificationSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      addToCaches(queryClient, parsed.data);
      if (quietRef.current) return;
      toasts.show({
        color: "blue",
        message: textRef.current(parsed.data),
        closeButtonProps: { "aria-label": i18next.t("close", { ns: "common", defaultValue: "Close" }) },
      });
    };

    const connect = async () => {
      try {
        const ticket = await getStreamTicket();
        if (stopped) return;
        const opened = createEventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
        source = opened;
        opened.addEventListener("open", () => {
          // After a drop, what came meanwhile is only in the database.
          if (failures > 0) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
          failures = 0;
        });
        opened.addEventListener("notification", onNotification);
        // One of the reader's notices was answered (by them elsewhere, or by someone else it went to): the count and
        // the lists are read again; no toast, nothing new came.
        opened.addEventListener(
          "notification-done",
          () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        );
        // Something changed on a sector the reader sees (a permit moved, an isolation was applied): the live map
        // refetches what it shows.
        opened.addEventListener("site", () => void queryClient.invalidateQueries({ queryKey: SITE_MAP_KEY }));
        opened.onerror = () => {
          opened.close();
          if (source === opened) source = null;
          retryLater();
        };
      } catch {
        retryLater();
      }
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [userId, createEventSource, queryClient]);
}
