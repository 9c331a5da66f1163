import { List, Stack, Text } from "@mantine/core";
import type { TPermitCheck } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/** Who is signed on to the permit now, by name only (whoever holds the paper can compare with who is on site). */
export function CheckCrew({ check }: { check: TPermitCheck }) {
  const { t } = useTranslation("permitCheck");
  return (
    <Stack gap={4} data-testid="permit-check-crew">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {t("crew")}
      </Text>
      {check.crewSignedOn.length === 0 ? (
        <Text size="lg">{t("noCrew")}</Text>
      ) : (
        <List size="lg">
          {check.crewSignedOn.map((name, index) => (
            // Two workers may share a name: the position keeps the keys apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: names are not unique
            <List.Item key={`${index}-${name}`}>{name}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
