import { Group, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";

interface TPageTitleProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's one h1, mirrored in the browser tab. */
export function PageTitle({ title, description, actions }: TPageTitleProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t("brand")}`;
  }, [title, t]);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={1} fz={{ base: "h2", md: "h1" }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions}
    </Group>
  );
}
