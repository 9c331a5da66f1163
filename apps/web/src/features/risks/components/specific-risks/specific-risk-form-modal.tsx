import { ActionIcon, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type TSpecificRisk, type TSpecificRiskInput, ZSpecificRiskInputSchema } from "@openpermit/shared";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useSaveThenUpload } from "../../../../lib/forms/use-save-then-upload";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useAllLinks } from "../../api/links";
import { useSpecificRiskWrites } from "../../api/specific-risks";
import { ChecklistEditor } from "../checklist-editor";
import { ImageFileField, useChosenImage } from "../image-file-field";
import { MinLevelSelect } from "../min-level-select";
import { ProcedureFiles, useProcedureFileUploads } from "../procedure-files";
import { checklistErrors } from "../work-types/checklist-errors";

export type TSpecificRiskFormTarget = TSpecificRisk | "new" | null;

export function SpecificRiskFormModal({ target, onClose }: { target: TSpecificRiskFormTarget; onClose: () => void }) {
  const { t } = useTranslation("risks");
  const title = target
    ? target === "new"
      ? t("specific.createTitle")
      : t("specific.editTitle", { name: target.name })
    : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title}>
      {target ? (
        <SpecificRiskForm
          key={target === "new" ? "new" : target.id}
          risk={target === "new" ? null : target}
          onDone={onClose}
        />
      ) : null}
    </FormModal>
  );
}

type TValues = Omit<TSpecificRiskInput, "trainingUrl"> & { trainingUrl: string };

/** Save is POST/PATCH, then the logogram, then each procedure file; a refused upload keeps what is left to send. */
function SpecificRiskForm({ risk, onDone }: { risk: TSpecificRisk | null; onDone: () => void }) {
  const { t } = useTranslation("risks");
  const writes = useSpecificRiskWrites();
  const links = useAllLinks();
  const logogram = useChosenImage();
  const [logogramUrl, setLogogramUrl] = useState(risk?.logogram?.url ?? null);
  const files = useProcedureFileUploads("specific-risks", risk);
  const form = useSchemaForm<TValues>({
    schema: ZSpecificRiskInputSchema,
    initialValues: risk
      ? {
          name: risk.name,
          description: risk.description,
          checklist: risk.checklist,
          checklistMayBeNotApplicable: risk.checklistMayBeNotApplicable,
          trainingUrl: risk.trainingUrl ?? "",
          procedureLinks: risk.procedureLinks,
          linkIds: risk.links.map((link) => link.id),
          minLevelId: risk.minLevelId,
        }
      : {
          name: "",
          description: "",
          checklist: [],
          checklistMayBeNotApplicable: [],
          trainingUrl: "",
          procedureLinks: [],
          linkIds: [],
          minLevelId: null,
        },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  const values = form.getValues();
  const { saved, error, submit: saveThenUpload } = useSaveThenUpload<TSpecificRisk, TValues>(form);

  const submit = form.onSubmit(async (input) => {
    const body = ZSpecificRiskInputSchema.parse(input);
    const done = await saveThenUpload({
      check: () => {
        // Both are checked, so both show their reason at once.
        const [logogramOk, filesOk] = [logogram.check(), files.check()];
        return logogramOk && filesOk;
      },
      save: () => (risk ? writes.update.mutateAsync({ id: risk.id, ...body }) : writes.create.mutateAsync(body)),
      upload: async (target) => {
        if (logogram.file) {
          await writes.uploadLogogram.mutateAsync({ id: target.id, file: logogram.file });
          logogram.sent();
        }
        await files.send(target.id);
      },
    });
    if (!done) return;
    notifySuccess(t(risk ? "specific.updated" : "specific.created", { name: body.name }));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error}>{saved ? ` ${t("specific.savedWithoutFiles")}` : null}</ApiErrorAlert>
        <TextInput label={t("fields.name")} data-autofocus readOnly={Boolean(saved)} {...form.getInputProps("name")} />
        <Textarea
          label={t("fields.description")}
          autosize
          minRows={2}
          maxRows={5}
          readOnly={Boolean(saved)}
          {...form.getInputProps("description")}
        />
        <TextInput
          label={t("fields.trainingUrl")}
          placeholder="https://"
          type="url"
          readOnly={Boolean(saved)}
          {...form.getInputProps("trainingUrl")}
        />
        <MinLevelSelect form={form} readOnly={Boolean(saved)} />
        <ChecklistEditor
          items={values.checklist}
          mayBeNotApplicable={values.checklistMayBeNotApplicable}
          onChange={(items, mayBeNotApplicable) =>
            form.setValues({ checklist: items, checklistMayBeNotApplicable: mayBeNotApplicable })
          }
          errors={checklistErrors(form.errors)}
          error={typeof form.errors.checklist === "string" ? form.errors.checklist : undefined}
        />
        <ImageFileField
          label={t("fields.logogram")}
          image={logogram}
          currentUrl={risk ? logogramUrl : saved?.logogram?.url}
          onRemove={
            risk
              ? async () => {
                  await writes.removeLogogram.mutateAsync(risk.id);
                  setLogogramUrl(null);
                }
              : undefined
          }
          testId="logogram-file"
        />
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fw={500} fz="sm" mb={4}>
            {t("specific.procedureLinks")}
          </Text>
          {values.procedureLinks.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of a link being typed
            <Group key={index} gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                flex="1 1 10rem"
                label={t("specific.linkTitle", { rank: index + 1 })}
                {...form.getInputProps(`procedureLinks.${index}.title`)}
              />
              <TextInput
                flex="2 1 14rem"
                label={t("specific.linkUrl", { rank: index + 1 })}
                placeholder="https://"
                type="url"
                {...form.getInputProps(`procedureLinks.${index}.url`)}
              />
              <ActionIcon
                mt={26}
                variant="default"
                color="red"
                size="lg"
                aria-label={t("specific.removeLink", { rank: index + 1 })}
                onClick={() => form.removeListItem("procedureLinks", index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem("procedureLinks", { title: "", url: "" })}
            >
              {t("specific.addLink")}
            </Button>
          </Group>
        </Stack>
        <MultiSelect
          label={t("fields.usefulLinks")}
          description={links.data?.length === 0 ? t("specific.noUsefulLinks") : undefined}
          data={(links.data ?? []).map((link) => ({
            value: link.id,
            label: link.tag ? `${link.title} (${link.tag})` : link.title,
          }))}
          searchable
          clearable
          {...form.getInputProps("linkIds")}
        />
        <ProcedureFiles uploads={files} testId="specific-risk-files" />
        <FormFooter
          onCancel={onDone}
          submitting={form.submitting}
          submitLabel={saved ? t("files.retry") : t("actions.save")}
        />
      </Stack>
    </form>
  );
}
