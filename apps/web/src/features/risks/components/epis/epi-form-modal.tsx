import { Stack, Textarea, TextInput } from "@mantine/core";
import { type TEpi, type TEpiInput, ZEpiInputSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useSaveThenUpload } from "../../../../lib/forms/use-save-then-upload";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { useEpiName } from "../../../../lib/i18n/use-epi-name";
import { notifySuccess } from "../../../../lib/notify";
import { useEpiWrites } from "../../api/epis";
import { ImageFileField, useChosenImage } from "../image-file-field";

export type TEpiFormTarget = TEpi | "new" | null;

export function EpiFormModal({ target, onClose }: { target: TEpiFormTarget; onClose: () => void }) {
  const { t } = useTranslation("risks");
  const { nameOf } = useEpiName();
  const title = target
    ? target === "new"
      ? t("epis.createTitle")
      : t("epis.editTitle", { name: nameOf(target) })
    : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="md">
      {target ? (
        <EpiForm key={target === "new" ? "new" : target.id} epi={target === "new" ? null : target} onDone={onClose} />
      ) : null}
    </FormModal>
  );
}

/**
 * Creating is POST /api/epis then PUT …/icon. If the icon is refused the EPI exists: the form stays with the
 * reason and "Retry the upload", and Save sends only the icon to the EPI already created.
 */
function EpiForm({ epi, onDone }: { epi: TEpi | null; onDone: () => void }) {
  const { t } = useTranslation("risks");
  const writes = useEpiWrites();
  const icon = useChosenImage();
  const [iconUrl, setIconUrl] = useState(epi?.icon?.url ?? null);
  const form = useSchemaForm<TEpiInput>({
    schema: ZEpiInputSchema,
    initialValues: epi
      ? { name: epi.name, nameFr: epi.nameFr, description: epi.description }
      : { name: "", nameFr: "", description: "" },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  // An edit is saved again with each submit (its fields stay editable); a new EPI is created once.
  const {
    saved: created,
    error,
    submit: saveThenUpload,
  } = useSaveThenUpload<TEpi, TEpiInput>(form, { remember: !epi });

  const submit = form.onSubmit(async (values) => {
    const body = ZEpiInputSchema.parse(values);
    const done = await saveThenUpload({
      check: icon.check,
      save: () => (epi ? writes.update.mutateAsync({ id: epi.id, ...body }) : writes.create.mutateAsync(body)),
      upload: async (saved) => {
        if (icon.file) await writes.uploadIcon.mutateAsync({ id: saved.id, file: icon.file });
      },
    });
    if (!done) return;
    notifySuccess(t(epi ? "epis.updated" : "epis.created", { name: body.name }));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error}>{created && icon.file ? ` ${t("epis.createdWithoutIcon")}` : null}</ApiErrorAlert>
        <TextInput
          label={t("epis.nameEn")}
          data-autofocus
          readOnly={Boolean(created)}
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t("epis.nameFr")}
          description={t("epis.nameFrHelp")}
          readOnly={Boolean(created)}
          {...form.getInputProps("nameFr")}
        />
        <Textarea
          label={t("fields.description")}
          autosize
          minRows={2}
          maxRows={5}
          readOnly={Boolean(created)}
          {...form.getInputProps("description")}
        />
        <ImageFileField
          label={t("fields.icon")}
          image={icon}
          currentUrl={epi ? iconUrl : null}
          onRemove={
            epi
              ? async () => {
                  await writes.removeIcon.mutateAsync(epi.id);
                  setIconUrl(null);
                }
              : undefined
          }
          testId="epi-icon-file"
        />
        <FormFooter
          onCancel={onDone}
          submitting={form.submitting}
          submitLabel={created ? t("files.retry") : t("actions.save")}
        />
      </Stack>
    </form>
  );
}
