import { ActionIcon, Popover, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The bell of every layout; notifications themselves arrive with their capability. */
export function NotificationsBell() {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" width={260} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("notifications.open")}>
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fz="sm" c="dimmed" ta="center" py="sm">
          {t("notifications.none")}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
