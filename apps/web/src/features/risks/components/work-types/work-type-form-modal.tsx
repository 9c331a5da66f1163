import { NumberInput, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import {
  GAS_RETEST_MINUTES,
  PERMIT_WINDOW_DEFAULTS,
  PERMIT_WINDOW_LIMITS,
  type TWorkType,
  type TWorkTypeInput,
  type TWorkTypeKind,
  ZWorkTypeInputSchema,
} from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useSaveThenUpload } from "../../../../lib/forms/use-save-then-upload";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { WorkTypeCompliance } from "../../../compliance/components/work-type-compliance";
import { useWorkTypeWrites } from "../../api/work-types";
import { ChecklistEditor } from "../checklist-editor";
import { ProcedureFiles, useProcedureFileUploads } from "../procedure-files";
import { checklistErrors } from "./checklist-errors";

export type TWorkTypeFormTarget = TWorkType | "new" | null;

export function WorkTypeFormModal({
  kind,
  target,
  onClose,
}: {
  kind: TWorkTypeKind;
  target: TWorkTypeFormTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation("risks");
  const title = target
    ? target === "new"
      ? t("workTypes.createTitle")
      : t("workTypes.editTitle", { name: target.name })
    : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title}>
      {target ? (
        <WorkTypeForm
          key={target === "new" ? "new" : target.id}
          kind={kind}
          workType={target === "new" ? null : target}
          onDone={onClose}
        />
      ) : null}
      {target && target !== "new" ? <WorkTypeCompliance workTypeId={target.id} /> : null}
    </FormModal>
  );
}

/**
 * Save is POST (or PATCH) then one upload per chosen file. A refused file leaves the work type saved: the
 * form keeps the files not sent yet with the reason, and "Retry the upload" sends only those.
 */
function WorkTypeForm({
  kind,
  workType,
  onDone,
}: {
  kind: TWorkTypeKind;
  workType: TWorkType | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("risks");
  const writes = useWorkTypeWrites();
  const files = useProcedureFileUploads("work-types", workType);
  const form = useSchemaForm<TWorkTypeInput>({
    schema: ZWorkTypeInputSchema,
    initialValues: workType
      ? {
          kind,
          name: workType.name,
          description: workType.description,
          procedure: workType.procedure,
          checklist: workType.checklist,
          checklistMayBeNotApplicable: workType.checklistMayBeNotApplicable,
          maxValidityHours: workType.maxValidityHours,
          gasTestRequired: workType.gasTestRequired,
          gasRetestMinutes: workType.gasRetestMinutes,
        }
      : {
          kind,
          name: "",
          description: "",
          procedure: "",
          checklist: [],
          checklistMayBeNotApplicable: [],
          maxValidityHours: PERMIT_WINDOW_DEFAULTS.maxValidityHours,
          gasTestRequired: false,
          gasRetestMinutes: GAS_RETEST_MINUTES.default,
        },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  const values = form.getValues();
  const { saved, error, submit: saveThenUpload } = useSaveThenUpload<TWorkType, TWorkTypeInput>(form);

  const submit = form.onSubmit(async (input) => {
    const body = ZWorkTypeInputSchema.parse(input);
    const done = await saveThenUpload({
      check: files.check,
      save: () =>
        workType ? writes.update.mutateAsync({ id: workType.id, ...body }) : writes.create.mutateAsync(body),
      upload: (target) => files.send(target.id),
    });
    if (!done) return;
    notifySuccess(t(workType ? "workTypes.updated" : "workTypes.created", { name: body.name }));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error}>{saved ? ` ${t("workTypes.savedWithoutFiles")}` : null}</ApiErrorAlert>
        <TextInput label={t("fields.name")} data-autofocus readOnly={Boolean(saved)} {...form.getInputProps("name")} />
        <Textarea
          label={t("fields.description")}
          autosize
          minRows={2}
          maxRows={5}
          readOnly={Boolean(saved)}
          {...form.getInputProps("description")}
        />
        <Textarea
          label={t("fields.procedure")}
          autosize
          minRows={3}
          maxRows={10}
          readOnly={Boolean(saved)}
          {...form.getInputProps("procedure")}
        />
        <NumberInput
          label={t("fields.maxValidityHours")}
          description={t("workTypes.maxValidityHint")}
          min={1}
          max={PERMIT_WINDOW_LIMITS.maxValidityHoursMax}
          allowDecimal={false}
          allowNegative={false}
          suffix=" h"
          readOnly={Boolean(saved)}
          {...form.getInputProps("maxValidityHours")}
          data-testid="work-type-max-validity"
        />
        <Switch
          label={t("fields.gasTestRequired")}
          description={t("workTypes.gasTestHint")}
          disabled={Boolean(saved)}
          {...form.getInputProps("gasTestRequired", { type: "checkbox" })}
          data-testid="work-type-gas-test-required"
        />
        <NumberInput
          label={t("fields.gasRetestMinutes")}
          description={t("workTypes.gasRetestHint", GAS_RETEST_MINUTES)}
          min={GAS_RETEST_MINUTES.min}
          max={GAS_RETEST_MINUTES.max}
          allowDecimal={false}
          allowNegative={false}
          suffix=" min"
          readOnly={Boolean(saved)}
          disabled={!values.gasTestRequired}
          {...form.getInputProps("gasRetestMinutes")}
          data-testid="work-type-gas-retest-minutes"
        />
        <ChecklistEditor
          items={values.checklist}
          mayBeNotApplicable={values.checklistMayBeNotApplicable}
          onChange={(items, mayBeNotApplicable) =>
            form.setValues({ checklist: items, checklistMayBeNotApplicable: mayBeNotApplicable })
          }
          errors={checklistErrors(form.errors)}
          error={typeof form.errors.checklist === "string" ? form.errors.checklist : undefined}
        />
        <ProcedureFiles uploads={files} testId="work-type-files" />
        <FormFooter
          onCancel={onDone}
          submitting={form.submitting}
          submitLabel={saved ? t("files.retry") : t("actions.save")}
        />
      </Stack>
    </form>
  );
}
