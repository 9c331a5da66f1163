import { ActionIcon, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Text } from "@mantine/core";
import type { TNotification } from "@openpermit/shared";
import { IconBell } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  useMarkAllRead,
  useMarkRead,
  useRecentNotifications,
  useUnreadCount,
} from "../../features/notifications/api/notifications-api";
import { NotificationList } from "../../features/notifications/components/notification-list";
import { NotificationsDrawer } from "../../features/notifications/components/notifications-drawer";
import {
  type TCreateEventSource,
  useNotificationStream,
} from "../../features/notifications/stream/use-notification-stream";
import { useSession } from "../../lib/session/session-context";

/**
 * The bell of every layout: the unread count (in the button's name too), the recent notifications, "See all" (the
 * drawer with every one), and the live stream that keeps them current for the signed-in session.
 */
export function NotificationsBell({ createEventSource }: { createEventSource?: TCreateEventSource | null }) {
  const { t } = useTranslation("notifications");
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);
  useNotificationStream(session.id, createEventSource, { quiet: drawerOpened });
  const bell = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount(session.id !== null).data ?? 0;
  const recent = useRecentNotifications(opened);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();

  const open = (notification: TNotification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    setOpened(false);
    if (notification.link) void navigate(notification.link);
  };

  const seeAll = () => {
    setOpened(false);
    setDrawerOpened(true);
  };
  const closeDrawer = () => {
    setDrawerOpened(false);
    bell.current?.focus();
  };

  const items = recent.data?.data ?? [];
  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
        <Popover.Target>
          <ActionIcon
            ref={bell}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label")}
            // A controlled popover leaves the toggling to its target.
            onClick={() => setOpened((o) => !o)}
          >
            {/* The count is in the button's name; the badge only shows it. */}
            <Indicator
              label={<span aria-hidden>{unread > 99 ? "99+" : unread}</span>}
              disabled={unread === 0}
              size={16}
              color="red"
            >
              <IconBell size={20} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" role="dialog">
          <Group justify="space-between" px={4} pb={6} wrap="nowrap">
            <Text fw={600} fz="sm">
              {t("bell.title")}
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              loading={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              {t("bell.markAllRead")}
            </Button>
          </Group>
          <Divider />
          {recent.isPending ? (
            <Group justify="center" py="md">
              <Loader size="sm" />
            </Group>
          ) : recent.isError ? (
            <Text fz="sm" c="red" ta="center" py="sm" role="alert">
              {t("bell.loadError")}
            </Text>
          ) : items.length === 0 ? (
            <Text fz="sm" c="dimmed" ta="center" py="sm">
              {t("bell.none")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto" pt={4}>
              <NotificationList items={items} now={new Date()} onOpen={open} />
            </ScrollArea.Autosize>
          )}
          <Divider />
          <Button variant="subtle" size="compact-sm" fullWidth mt={6} onClick={seeAll}>
            {t("bell.seeAll")}
          </Button>
        </Popover.Dropdown>
      </Popover>
      <NotificationsDrawer opened={drawerOpened} onClose={closeDrawer} onLeave={() => setDrawerOpened(false)} />
    </>
  );
}
