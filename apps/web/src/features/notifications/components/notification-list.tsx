import { ActionIcon, Box, Group, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { TNotification } from "@openpermit/shared";
import { IconCheck, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatRelative, useNotificationText } from "./notification-text";

interface TNotificationListProps {
  items: TNotification[];
  now: Date;
  onOpen: (notification: TNotification) => void;
  /** The drawer's list: a "Mark as read" button beside each unread one, and the date and time written out. */
  onMarkRead?: (notification: TNotification) => void;
}

/**
 * Notifications: each a button (it opens its link); unread ones marked by a dot and in words; one whose call to act
 * was answered (by the reader or anyone else it went to) says "Done".
 */
export function NotificationList({ items, now, onOpen, onMarkRead }: TNotificationListProps) {
  const { t, i18n } = useTranslation("notifications");
  const textOf = useNotificationText();
  const absolute = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {items.map((notification) => {
        const unread = notification.readAt === null;
        const when = absolute.format(new Date(notification.createdAt));
        return (
          <Group
            component="li"
            key={notification.id}
            gap={4}
            wrap="nowrap"
            align="flex-start"
            style={{
              borderRadius: "var(--mantine-radius-sm)",
              background: unread ? "var(--mantine-color-blue-light)" : undefined,
            }}
          >
            <UnstyledButton
              onClick={() => onOpen(notification)}
              p="xs"
              data-unread={unread || undefined}
              style={{ flex: 1, minWidth: 0, borderRadius: "var(--mantine-radius-sm)" }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Box
                  aria-hidden
                  mt={6}
                  w={8}
                  h={8}
                  style={{
                    flex: "none",
                    borderRadius: "50%",
                    background: unread ? "var(--mantine-color-blue-filled)" : "transparent",
                  }}
                />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {unread ? <VisuallyHidden>{t("bell.unread")}</VisuallyHidden> : null}
                  <Text fz="sm" fw={unread ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
                    {textOf(notification)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    <time dateTime={notification.createdAt} title={onMarkRead ? undefined : when}>
                      {formatRelative(notification.createdAt, now, i18n.language)}
                    </time>
                    {onMarkRead ? ` · ${when}` : null}
                  </Text>
                  {notification.doneAt ? (
                    <Group gap={4} wrap="nowrap" data-testid="notification-done">
                      <IconCircleCheck size={14} aria-hidden />
                      <Text fz="xs" c="dimmed">
                        {t("bell.done")}
                      </Text>
                    </Group>
                  ) : null}
                </Stack>
              </Group>
            </UnstyledButton>
            {onMarkRead && unread ? (
              <Tooltip label={t("drawer.markRead")} withinPortal>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  m={4}
                  aria-label={t("drawer.markRead")}
                  onClick={() => onMarkRead(notification)}
                >
                  <IconCheck size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
