import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { type TGas, type TGasInput, ZGasInputSchema } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FormFooter } from "../../../components/form-footer";
import { FormModal } from "../../../components/form-modal";
import { useLeaveGuard } from "../../../components/leave-guard";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { RowActions } from "../../../components/row-actions";
import { SectionHeading } from "../../../components/section-heading";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useGases, useGasWrites } from "../api/gases";

const limit = (value: number | null) => (value === null ? "—" : `${value}`);

type TGasFormValues = {
  name: string;
  unit: string;
  lowLimit: number | null;
  highLimit: number | null;
  enabled: boolean;
};

/** Adds or edits a gas: a test made before keeps the limits it was judged against. */
function GasForm({ gas, onDone }: { gas: TGas | null; onDone: () => void }) {
  const { t } = useTranslation("companyPage");
  const { save } = useGasWrites();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TGasFormValues>({
    schema: ZGasInputSchema,
    initialValues: gas
      ? { name: gas.name, unit: gas.unit, lowLimit: gas.lowLimit, highLimit: gas.highLimit, enabled: gas.enabled }
      : { name: "", unit: "", lowLimit: null, highLimit: null, enabled: true },
  });
  useLeaveGuard(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...(values as TGasInput), id: gas?.id });
      notifySuccess(t("gases.saved", { name: saved.name }));
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });
  const number = (field: "lowLimit" | "highLimit") => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: props.value ?? "",
      onChange: (value: number | string) => form.setFieldValue(field, typeof value === "number" ? value : null),
    };
  };
  return (
    <form onSubmit={submit} noValidate data-testid="gas-form">
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t("gases.name")} withAsterisk data-autofocus {...form.getInputProps("name")} />
          <TextInput label={t("gases.unit")} withAsterisk {...form.getInputProps("unit")} />
          <NumberInput label={t("gases.lowLimit")} description={t("gases.lowHint")} {...number("lowLimit")} />
          <NumberInput label={t("gases.highLimit")} description={t("gases.highHint")} {...number("highLimit")} />
        </SimpleGrid>
        <Checkbox label={t("gases.enabled")} {...form.getInputProps("enabled", { type: "checkbox" })} />
        <FormFooter onCancel={onDone} submitLabel={t("gases.save")} submitting={save.isPending} />
      </Stack>
    </form>
  );
}

export const GASES_ANCHOR = "gases";

/**
 * The Enterprise's gases and their limits on its profile, beside its permit settings: what every gas test reads
 * and what the server judges it against (the four defaults first). A gas a test has read is disabled, not deleted.
 */
export function GasesSection() {
  const { t } = useTranslation("companyPage");
  const gases = useGases();
  const { remove } = useGasWrites();
  const [editing, setEditing] = useState<TGas | "new" | null>(null);
  const [deleting, setDeleting] = useState<TGas | null>(null);
  return (
    <ProfileSection anchor={GASES_ANCHOR} titleId="gases-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Stack gap={4}>
          <SectionHeading id="gases-title" title={t("gases.title")} help={t("gases.help")} />
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          {t("gases.add")}
        </Button>
      </Group>
      <QueryState query={gases}>
        {(loaded) => (
          <Table.ScrollContainer minWidth={300}>
            <Table data-testid="gases-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("gases.name")}</Table.Th>
                  <Table.Th>{t("gases.lowLimit")}</Table.Th>
                  <Table.Th>{t("gases.highLimit")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("gases.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.map((gas) => (
                  <Table.Tr key={gas.id}>
                    <Table.Td>
                      <Group gap="xs">
                        {`${gas.name} (${gas.unit})`}
                        {gas.enabled ? null : <Badge color="gray.7">{t("gases.disabled")}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{limit(gas.lowLimit)}</Table.Td>
                    <Table.Td>{limit(gas.highLimit)}</Table.Td>
                    <Table.Td>
                      <Group gap={0} justify="flex-end" wrap="nowrap">
                        <RowActions
                          name={gas.name}
                          onEdit={() => setEditing(gas)}
                          onDelete={gas.used ? undefined : () => setDeleting(gas)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <FormModal
        opened={editing !== null}
        size="md"
        title={editing === "new" ? t("gases.add") : editing ? t("gases.edit", { name: editing.name }) : null}
        onClose={() => setEditing(null)}
      >
        {editing ? <GasForm gas={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}
      </FormModal>
      <ConfirmDialog
        opened={deleting !== null}
        danger
        title={t("gases.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("gases.delete")}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!.id);
          notifySuccess(t("gases.deleted", { name: deleting!.name }));
        }}
      >
        {t("gases.deleteText")}
      </ConfirmDialog>
    </ProfileSection>
  );
}
