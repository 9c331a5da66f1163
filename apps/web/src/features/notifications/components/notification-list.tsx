import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { TNotification } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { formatRelative, useNotificationText } from "./notification-text";

/** The recent notifications: each a button (it opens its link); unread ones marked by a dot and in words. */
export function NotificationList({
  items,
  now,
  onOpen,
}: {
  items: TNotification[];
  now: Date;
  onOpen: (notification: TNotification) => void;
}) {
  const { t, i18n } = useTranslation("notifications");
  const textOf = useNotificationText();
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {items.map((notification) => {
        const unread = notification.readAt === null;
        return (
          <li key={notification.id}>
            <UnstyledButton
              onClick={() => onOpen(notification)}
              w="100%"
              p="xs"
              data-unread={unread || undefined}
              style={{
                borderRadius: "var(--mantine-radius-sm)",
                background: unread ? "var(--mantine-color-blue-light)" : undefined,
              }}
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
                <Stack gap={2}>
                  {unread ? <VisuallyHidden>{t("bell.unread")}</VisuallyHidden> : null}
                  <Text fz="sm" fw={unread ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
                    {textOf(notification)}
                  </Text>
                  <Text
                    fz="xs"
                    c="dimmed"
                    component="time"
                    dateTime={notification.createdAt}
                    title={new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
                      new Date(notification.createdAt),
                    )}
                  >
                    {formatRelative(notification.createdAt, now, i18n.language)}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
