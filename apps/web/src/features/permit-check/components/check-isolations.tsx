import { Badge, Group, Stack, Text } from "@mantine/core";
import type { TPermitCheck } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLOUR = { none: "gray", applied: "yellow", proven: "green" } as const;

/** The isolations the permit needs and where each stands now: nobody works before every one is proven. */
export function CheckIsolations({ check }: { check: TPermitCheck }) {
  const { t } = useTranslation("permitCheck");
  if (check.isolations.length === 0) return null;
  return (
    <Stack gap={4} data-testid="permit-check-isolations">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {t("isolations")}
      </Text>
      {check.isolations.map((isolation) => (
        <Group key={isolation.tag} gap="xs" data-testid="permit-check-isolation">
          <Text size="lg" fw={600}>
            {isolation.tag}
          </Text>
          <Text size="md">{isolation.equipment}</Text>
          <Badge
            color={COLOUR[isolation.state]}
            variant="light"
            size="lg"
            c={isolation.state === "applied" ? "dark" : undefined}
          >
            {t(`isolationState.${isolation.state}`)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
