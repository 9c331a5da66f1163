import { List, Stack, Text } from "@mantine/core";
import type { TPermitCheck } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/**
 * The permit holder now, its signed extensions (old end → new end) and its recorded shift handovers (from → to):
 * names and times only, so whoever holds the paper sees whether the end moved and who holds it now. `format`: the
 * page's own date format (the device's time zone).
 */
export function CheckShift({ check, format }: { check: TPermitCheck; format: (iso: string | null) => string }) {
  const { t } = useTranslation("permitCheck");
  return (
    <Stack gap={4} data-testid="permit-check-shift">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {t("holder")}
      </Text>
      <Text size="lg">{check.holder ?? t("notSet")}</Text>
      {check.extensions.length > 0 ? (
        <List size="md" data-testid="permit-check-extensions">
          {check.extensions.map((x) => (
            <List.Item key={x.signedAt}>
              {t("extended", { from: format(x.oldEndAt), to: format(x.newEndAt), at: format(x.signedAt) })}
            </List.Item>
          ))}
        </List>
      ) : null}
      {check.handovers.length > 0 ? (
        <List size="md" data-testid="permit-check-handovers">
          {check.handovers.map((h) => (
            <List.Item key={h.at}>
              {t("handedOver", {
                from: h.from ?? t("unknownPerson"),
                to: h.to ?? t("unknownPerson"),
                at: format(h.at),
              })}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
