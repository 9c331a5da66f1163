import { Button, Drawer, EmptyState, Group, SegmentedControl, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TNotification } from "@openpermit/shared";
import { IconBellOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { QueryState } from "../../../components/query-state";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { BREAKPOINTS_PX } from "../../../theme/breakpoints";
import { feedItems, type TNotificationFilter, useNotificationFeed } from "../api/notification-feed";
import { useMarkAllRead, useMarkRead, useUnreadCount } from "../api/notifications-api";
import { NotificationList } from "./notification-list";

interface TNotificationsDrawerProps {
  opened: boolean;
  /** Closed by the user (close button, Escape, outside click). */
  onClose: () => void;
  /** Closed because a notification was opened: its page takes over. */
  onLeave: () => void;
}

/** Every notification of the signed-in person, newest first, all or only the unread ones, page after page. */
export function NotificationsDrawer({ opened, onClose, onLeave }: TNotificationsDrawerProps) {
  const { t } = useTranslation("notifications");
  const closeButtonProps = useCloseButtonProps();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.md}px)`, false, { getInitialValueInEffect: false });
  const [filter, setFilter] = useState<TNotificationFilter>("all");
  const feed = useNotificationFeed(filter, opened);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();

  const open = (notification: TNotification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    if (notification.link) {
      onLeave();
      void navigate(notification.link);
    }
  };

  const items = feedItems(feed.data);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={wide ? "md" : "100%"}
      title={t("drawer.title")}
      closeButtonProps={closeButtonProps}
      // The bell puts the focus back itself: the "See all" button that opened the drawer is gone by then.
      returnFocus={false}
      data-testid="notifications-drawer"
    >
      <Stack gap="sm">
        {/* A long "mark all" (French) goes under the filter on a phone rather than being cut off. */}
        <Group justify="space-between" gap="xs" preventGrowOverflow={false}>
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as TNotificationFilter)}
            data={[
              { value: "all", label: t("drawer.all") },
              { value: "unread", label: t("drawer.unread") },
            ]}
            aria-label={t("drawer.filter")}
            size="xs"
          />
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t("bell.markAllRead")}
          </Button>
        </Group>
        <QueryState query={feed} keepDataOnError>
          {() =>
            items.length === 0 ? (
              <EmptyState
                icon={<IconBellOff aria-hidden />}
                title={filter === "unread" ? t("drawer.noneUnread") : t("bell.none")}
                description={filter === "unread" ? t("drawer.noneUnreadHelp") : t("drawer.noneHelp")}
                py="xl"
              />
            ) : (
              <NotificationList
                items={items}
                now={new Date()}
                onOpen={open}
                onMarkRead={(n) => markRead.mutate(n.id)}
              />
            )
          }
        </QueryState>
        {feed.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => void feed.fetchNextPage()}
            loading={feed.isFetchingNextPage}
            style={{ alignSelf: "center" }}
          >
            {t("drawer.loadMore")}
          </Button>
        ) : null}
        {feed.isFetchNextPageError ? <ApiErrorAlert error={feed.error} /> : null}
      </Stack>
    </Drawer>
  );
}
