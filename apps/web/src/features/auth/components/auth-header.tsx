import { Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The auth card's h1 and one line of help, mirrored in the browser tab. */
export function AuthHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t("brand")}`;
  }, [title, t]);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={{ base: "h2", "2sm": "h1" }}>
        {title}
      </Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
