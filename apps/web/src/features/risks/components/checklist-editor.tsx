import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../../../lib/forms/use-schema-form";

interface TChecklistEditorProps {
  items: string[];
  /** The positions of the items a permit may answer "not applicable" (with a reason) instead of ticking. */
  mayBeNotApplicable: number[];
  /** The items and the positions that may be not applicable, kept together when items move or go. */
  onChange: (items: string[], mayBeNotApplicable: number[]) => void;
  /** Errors by item index (validation keys). */
  errors?: Record<number, string | undefined>;
  /** The whole list's error (e.g. too many items). */
  error?: string;
  max?: number;
}

/** The positions after the item at `index` moved by `by`: its flag goes with it, its neighbour's the other way. */
export function movedPositions(positions: number[], index: number, by: -1 | 1): number[] {
  return positions.map((p) => (p === index ? index + by : p === index + by ? index : p)).sort((a, b) => a - b);
}

/** The positions after the item at `index` was removed: the items after it move up one. */
export function removedPositions(positions: number[], index: number): number[] {
  return positions.filter((p) => p !== index).map((p) => (p > index ? p - 1 : p));
}

/**
 * An ordered checklist: add, remove and reorder with buttons, so it works from the keyboard. Each item may be
 * marked as one a permit can answer "not applicable" (with a reason) — by default every item must be ticked.
 */
export function ChecklistEditor({
  items,
  mayBeNotApplicable,
  onChange,
  errors = {},
  error,
  max = 50,
}: TChecklistEditorProps) {
  const { t } = useTranslation("risks");
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next, movedPositions(mayBeNotApplicable, index, by));
  };
  const toggle = (index: number, allowed: boolean) =>
    onChange(
      items,
      allowed ? [...mayBeNotApplicable, index].sort((a, b) => a - b) : mayBeNotApplicable.filter((p) => p !== index),
    );
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
                <Stack flex={1} gap={4}>
                  <TextInput
                    label={label}
                    value={item}
                    maxLength={250}
                    error={itemError ? String(translateFieldError(t, itemError)) : undefined}
                    onChange={(event) =>
                      onChange(
                        items.map((old, i) => (i === index ? event.currentTarget.value : old)),
                        mayBeNotApplicable,
                      )
                    }
                  />
                  <Checkbox
                    size="xs"
                    label={t("checklist.mayBeNotApplicable", { rank: index + 1 })}
                    checked={mayBeNotApplicable.includes(index)}
                    onChange={(event) => toggle(index, event.currentTarget.checked)}
                  />
                </Stack>
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
                    onClick={() =>
                      onChange(
                        items.filter((_, i) => i !== index),
                        removedPositions(mayBeNotApplicable, index),
                      )
                    }
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
          onClick={() => onChange([...items, ""], mayBeNotApplicable)}
        >
          {t("checklist.add")}
        </Button>
      </Group>
    </Stack>
  );
}
