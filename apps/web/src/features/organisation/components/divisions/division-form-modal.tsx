import { SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { type TDivision, type TDivisionInput, ZDivisionInputSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useApiSubmit } from "../../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useCreateDivision } from "../../api/create-division";
import { useUpdateDivision } from "../../api/update-division";

/** `null`: closed; `"new"`: create; a division: edit it. */
export type TDivisionFormTarget = TDivision | "new" | null;

interface TDivisionFormModalProps {
  target: TDivisionFormTarget;
  onClose: () => void;
}

export function DivisionFormModal({ target, onClose }: TDivisionFormModalProps) {
  const { t } = useTranslation("organisation");
  const title = target ? t(target === "new" ? "divisions.createTitle" : "divisions.editTitle") : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title}>
      {target ? (
        <DivisionForm
          key={target === "new" ? "new" : target.id}
          division={target === "new" ? null : target}
          onDone={onClose}
        />
      ) : null}
    </FormModal>
  );
}

const EMPTY: TDivisionInput = { name: "", description: "", address: "", province: "", postalCode: "", country: "" };

function DivisionForm({ division, onDone }: { division: TDivision | null; onDone: () => void }) {
  const { t } = useTranslation("organisation");
  const create = useCreateDivision();
  const update = useUpdateDivision();
  const form = useSchemaForm<TDivisionInput>({
    schema: ZDivisionInputSchema,
    initialValues: division ? pickInput(division) : EMPTY,
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  const descriptionLength = form.getValues().description.length;

  const { error, handleSubmit } = useApiSubmit(form, { DIVISION_NAME_TAKEN: "name" });
  const submit = handleSubmit(async (values) => {
    const body = ZDivisionInputSchema.parse(values);
    if (division) await update.mutateAsync({ id: division.id, ...body });
    else await create.mutateAsync(body);
    notifySuccess(t(division ? "divisions.updated" : "divisions.created", { name: body.name }));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.name")} data-autofocus {...form.getInputProps("name")} />
        <Textarea
          label={t("fields.description")}
          description={t("form.length", { length: descriptionLength, max: 250 })}
          inputWrapperOrder={["label", "input", "description", "error"]}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps("description")}
        />
        <TextInput label={t("fields.address")} autoComplete="street-address" {...form.getInputProps("address")} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <TextInput label={t("fields.province")} autoComplete="address-level1" {...form.getInputProps("province")} />
          <TextInput label={t("fields.postalCode")} autoComplete="postal-code" {...form.getInputProps("postalCode")} />
          <TextInput label={t("fields.country")} autoComplete="country-name" {...form.getInputProps("country")} />
        </SimpleGrid>
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("actions.save")} />
      </Stack>
    </form>
  );
}

function pickInput({ name, description, address, province, postalCode, country }: TDivision): TDivisionInput {
  return { name, description, address, province, postalCode, country };
}
