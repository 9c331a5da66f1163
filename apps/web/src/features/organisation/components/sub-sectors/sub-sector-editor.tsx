import { NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import type { TSubSectorFormValues } from "./sub-sector-form-schema";

interface TSubSectorEditorProps {
  form: UseFormReturnType<TSubSectorFormValues>;
  /** The name of the sub-sector edited, or null for a new one. */
  editing: string | null;
  /** The sector has a plan: the position is asked (typed, or from the map); without one, the name only. */
  planned: boolean;
  error: unknown;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** Name and position of one sub-sector; the position also follows clicks and drags on the map. */
export function SubSectorEditor({ form, editing, planned, error, onSubmit, onCancel }: TSubSectorEditorProps) {
  const { t } = useTranslation("organisation");
  const name = useRef<HTMLInputElement>(null);
  // Opened from a button, a pin or a click on the map: the name is what to type next.
  useEffect(() => {
    name.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sub-sector-editor" data-testid="sub-sector-editor">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="sub-sector-editor">
            {editing ? t("subSectors.editTitle", { name: editing }) : t("subSectors.createTitle")}
          </Title>
          <ApiErrorAlert error={error} />
          <TextInput label={t("fields.name")} ref={name} {...form.getInputProps("name")} />
          {planned ? (
            <PositionFields form={form} />
          ) : (
            <Text fz="sm" c="dimmed">
              {t("subSectors.noPlanHelp")}
            </Text>
          )}
          <FormFooter onCancel={onCancel} submitting={form.submitting} submitLabel={t("actions.save")} />
        </Stack>
      </form>
    </Paper>
  );
}

/** Where on the plan, in percent from its top-left corner: the keyboard way to place it. */
function PositionFields({ form }: { form: UseFormReturnType<TSubSectorFormValues> }) {
  const { t } = useTranslation("organisation");
  return (
    <>
      <Text fz="sm" c="dimmed" id="sub-sector-position-help">
        {t("subSectors.positionHelp")}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        {(["x", "y"] as const).map((axis) => (
          <NumberInput
            key={axis}
            label={t(`fields.${axis}`)}
            min={0}
            max={100}
            step={0.5}
            decimalScale={1}
            suffix=" %"
            aria-describedby="sub-sector-position-help"
            {...form.getInputProps(axis)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
