import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Logo and name; the name hides on very narrow screens when `compact`. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: "brand", to: "cyan", deg: 135 }}>
        <IconShieldCheck size={20} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz="lg" visibleFrom={compact ? "2sm" : undefined}>
        {t("brand")}
      </Text>
    </Group>
  );
}
