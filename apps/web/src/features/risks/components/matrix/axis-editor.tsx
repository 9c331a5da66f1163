import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TAxis, TAxisItem } from "./matrix-draft";

interface TAxisEditorProps {
  axis: TAxis;
  items: TAxisItem[];
  readOnly: boolean;
  /** Field errors by item key (validation keys, already translated). */
  errors: Record<string, string | undefined>;
  onLabel: (key: string, label: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
}

/** The ordered levels of one axis: rank = position; moved with buttons (keyboard usable). */
export function AxisEditor({ axis, items, readOnly, errors, onLabel, onMove, onRemove, onAdd }: TAxisEditorProps) {
  const { t } = useTranslation("risks");
  const isProbability = axis === "probabilities";
  const headingId = `matrix-${axis}-heading`;
  const itemLabel = (rank: number) => t(isProbability ? "matrix.probabilityLabel" : "matrix.severityLabel", { rank });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid={`matrix-${axis}`}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id={headingId}>
            {t(isProbability ? "matrix.probabilities" : "matrix.severities")}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(isProbability ? "matrix.probabilitiesHint" : "matrix.severitiesHint")}
          </Text>
        </div>
        {items.length === 0 ? (
          <Text fz="sm">{t(isProbability ? "matrix.noProbability" : "matrix.noSeverity")}</Text>
        ) : (
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: "none" }}>
            {items.map((item, index) => {
              const label = itemLabel(index + 1);
              const name = item.label.trim() || label;
              return (
                <Group key={item.key} component="li" gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    flex={1}
                    label={label}
                    value={item.label}
                    readOnly={readOnly}
                    maxLength={60}
                    error={errors[item.key]}
                    onChange={(event) => onLabel(item.key, event.currentTarget.value)}
                  />
                  {readOnly ? null : (
                    <Group gap={4} mt={26} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={t("matrix.moveUpItem", { name })}
                        disabled={index === 0}
                        onClick={() => onMove(item.key, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={t("matrix.moveDownItem", { name })}
                        disabled={index === items.length - 1}
                        onClick={() => onMove(item.key, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        color="red"
                        size="lg"
                        aria-label={t("matrix.removeItem", { name })}
                        onClick={() => onRemove(item.key)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {readOnly ? null : (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {t(isProbability ? "matrix.addProbability" : "matrix.addSeverity")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
