import { Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { type TRisk, type TRiskInput, ZRiskInputSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useApiSubmit } from "../../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useRiskWrites } from "../../api/risks";
import { MinLevelSelect } from "../min-level-select";

export type TRiskFormTarget = TRisk | "new" | null;

export function RiskFormModal({
  target,
  onClose,
  critical = false,
}: {
  target: TRiskFormTarget;
  onClose: () => void;
  critical?: boolean;
}) {
  const { t } = useTranslation("risks");
  const title = target
    ? target === "new"
      ? t("risks.createTitle")
      : t("risks.editTitle", { name: target.name })
    : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="md">
      {target ? (
        <RiskForm
          key={target === "new" ? "new" : target.id}
          risk={target === "new" ? null : target}
          critical={critical}
          onDone={onClose}
        />
      ) : null}
    </FormModal>
  );
}

function RiskForm({ risk, critical, onDone }: { risk: TRisk | null; critical: boolean; onDone: () => void }) {
  const { t } = useTranslation("risks");
  const writes = useRiskWrites();
  const form = useSchemaForm<TRiskInput>({
    schema: ZRiskInputSchema,
    initialValues: risk
      ? {
          name: risk.name,
          description: risk.description,
          category: risk.category,
          critical: risk.critical,
          minLevelId: risk.minLevelId,
        }
      : { name: "", description: "", category: "", critical, minLevelId: null },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    const body = ZRiskInputSchema.parse(values);
    if (risk) await writes.update.mutateAsync({ id: risk.id, ...body });
    else await writes.create.mutateAsync(body);
    notifySuccess(t(risk ? "risks.updated" : "risks.created", { name: body.name }));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.name")} data-autofocus {...form.getInputProps("name")} />
        <Textarea
          label={t("fields.description")}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps("description")}
        />
        <TextInput label={t("fields.category")} {...form.getInputProps("category")} />
        <Switch label={t("fields.critical")} {...form.getInputProps("critical", { type: "checkbox" })} />
        <MinLevelSelect form={form} />
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("actions.save")} />
      </Stack>
    </form>
  );
}
