import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../../../lib/forms/use-schema-form";

interface TChecklistEditorProps {
  items: string[];
  onChange: (items: string[]) => void;
  /** Errors by item index (validation keys). */
  errors?: Record<number, string | undefined>;
  /** The whole list's error (e.g. too many items). */
  error?: string;
  max?: number;
}

/** An ordered checklist: add, remove and reorder with buttons, so it works from the keyboard. */
export function ChecklistEditor({ items, onChange, errors = {}, error, max = 50 }: TChecklistEditorProps) {
  const { t } = useTranslation("risks");
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }} data-testid="checklist-editor">
      <Text component="legend" fw={500} fz="sm" mb={4}>
        {t("checklist.legend")}
      </Text>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t("checklist.empty")}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: "none" }}>
          {items.map((item, index) => {
            const label = t("checklist.item", { rank: index + 1 });
            const itemError = errors[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are plain texts that may repeat; the position is the identity
              <Group key={index} component="li" gap={4} align="flex-start" wrap="nowrap">
                <TextInput
                  flex={1}
                  label={label}
                  value={item}
                  maxLength={250}
                  error={itemError ? String(translateFieldError(t, itemError)) : undefined}
                  onChange={(event) => onChange(items.map((old, i) => (i === index ? event.currentTarget.value : old)))}
                />
                <Group gap={4} mt={26} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t("checklist.moveUp", { rank: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t("checklist.moveDown", { rank: index + 1 })}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    size="lg"
                    aria-label={t("checklist.remove", { rank: index + 1 })}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {error ? (
        <Text fz="sm" c="red.8" role="alert">
          {String(translateFieldError(t, error))}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={items.length >= max}
          onClick={() => onChange([...items, ""])}
        >
          {t("checklist.add")}
        </Button>
      </Group>
    </Stack>
  );
}
