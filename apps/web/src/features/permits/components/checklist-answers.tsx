import { Group, Stack, Text } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconCheck, IconSquare } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * The permit's checklist as answered: each item ticked or not (a "not applicable" with its reason), with the work
 * type or specific risk it is of.
 */
export function ChecklistAnswers({ checklist, size = 18 }: { checklist: TPermit["checklist"]; size?: number }) {
  const { t } = useTranslation("permits");
  return (
    <Stack gap={4} data-testid="permit-checklist-answers">
      {checklist.map((item) => (
        <Group key={`${item.source}:${item.sourceId}:${item.index}`} gap={6} wrap="nowrap" align="flex-start">
          {item.checked ? (
            <IconCheck size={size} color="var(--mantine-color-teal-8)" aria-label={t("answers.yes")} />
          ) : (
            <IconSquare size={size} aria-label={t("answers.no")} />
          )}
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              {item.sourceName}:{" "}
            </Text>
            {item.text}
            {item.notApplicable ? (
              <Text span fz="sm" fs="italic" data-testid="permit-checklist-not-applicable">
                {" — "}
                {t("checklist.notApplicable", { reason: item.notApplicableReason })}
              </Text>
            ) : null}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
