import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { CRITICALITY_FLOWS, type TCriticalityFlow } from "@openpermit/shared";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "../../../../components/section-heading";
import { LEVEL_SWATCHES, type TLevelItem } from "./matrix-draft";

interface TLevelsEditorProps {
  levels: TLevelItem[];
  readOnly: boolean;
  /** Errors by "<key>.<field>" (translated). */
  errors: Record<string, string | undefined>;
  onChange: (key: string, patch: Partial<Omit<TLevelItem, "key">>) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
}

/** The criticality levels: name, colour, description and the flow a permit of that level needs. */
export function LevelsEditor({ levels, readOnly, errors, onChange, onRemove, onAdd }: TLevelsEditorProps) {
  const { t } = useTranslation("risks");
  const flows = CRITICALITY_FLOWS.map((flow) => ({ value: flow, label: t(`matrix.flows.${flow}`) }));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="matrix-levels-heading" data-testid="matrix-levels">
      <Stack gap="sm">
        <div>
          <SectionHeading
            id="matrix-levels-heading"
            title={t("matrix.levels")}
            help={t("matrix.levelsHint")}
            size="h4"
          />
        </div>
        {levels.length === 0 ? <Text fz="sm">{t("matrix.noLevel")}</Text> : null}
        {levels.map((level, index) => (
          <Paper
            key={level.key}
            component="fieldset"
            withBorder
            p="sm"
            m={0}
            data-testid="matrix-level"
            style={{ borderLeft: `6px solid ${level.colour}` }}
          >
            <Text component="legend" fw={600} px={4}>
              {t("matrix.levelLegend", { rank: index + 1 })}
              {level.name.trim() ? ` · ${level.name.trim()}` : ""}
            </Text>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t("matrix.name")}
                  value={level.name}
                  readOnly={readOnly}
                  maxLength={60}
                  error={errors[`${level.key}.name`]}
                  onChange={(event) => onChange(level.key, { name: event.currentTarget.value })}
                />
                <ColorInput
                  label={t("matrix.colour")}
                  value={level.colour}
                  format="hex"
                  swatches={LEVEL_SWATCHES}
                  readOnly={readOnly}
                  withPicker={!readOnly}
                  withEyeDropper={false}
                  error={errors[`${level.key}.colour`]}
                  onChange={(colour) => onChange(level.key, { colour })}
                />
              </SimpleGrid>
              <Textarea
                label={t("matrix.levelDescription")}
                value={level.description}
                readOnly={readOnly}
                autosize
                minRows={1}
                maxRows={4}
                error={errors[`${level.key}.description`]}
                onChange={(event) => onChange(level.key, { description: event.currentTarget.value })}
              />
              <Group align="flex-end" justify="space-between" gap="sm">
                <Select
                  label={t("matrix.flow")}
                  data={flows}
                  value={level.flow}
                  allowDeselect={false}
                  readOnly={readOnly}
                  onChange={(flow) => (flow ? onChange(level.key, { flow: flow as TCriticalityFlow }) : undefined)}
                />
                {readOnly ? null : (
                  <ActionIcon
                    variant="default"
                    color="red"
                    size="lg"
                    aria-label={t("matrix.removeItem", {
                      name: level.name.trim() || t("matrix.levelLegend", { rank: index + 1 }),
                    })}
                    onClick={() => onRemove(level.key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
        {readOnly ? null : (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {t("matrix.addLevel")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
