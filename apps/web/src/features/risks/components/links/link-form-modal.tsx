import { Stack, TextInput } from "@mantine/core";
import { type TLink, type TLinkInput, ZLinkInputSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { useApiSubmit } from "../../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useLinkWrites } from "../../api/links";

export type TLinkFormTarget = TLink | "new" | null;

export function LinkFormModal({ target, onClose }: { target: TLinkFormTarget; onClose: () => void }) {
  const { t } = useTranslation("risks");
  const title = target
    ? target === "new"
      ? t("links.createTitle")
      : t("links.editTitle", { name: target.title })
    : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="md">
      {target ? (
        <LinkForm key={target === "new" ? "new" : target.id} link={target === "new" ? null : target} onDone={onClose} />
      ) : null}
    </FormModal>
  );
}

function LinkForm({ link, onDone }: { link: TLink | null; onDone: () => void }) {
  const { t } = useTranslation("risks");
  const writes = useLinkWrites();
  const form = useSchemaForm<TLinkInput>({
    schema: ZLinkInputSchema,
    initialValues: link ? { title: link.title, url: link.url, tag: link.tag } : { title: "", url: "", tag: "" },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());
  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    const body = ZLinkInputSchema.parse(values);
    if (link) await writes.update.mutateAsync({ id: link.id, ...body });
    else await writes.create.mutateAsync(body);
    notifySuccess(t(link ? "links.updated" : "links.created", { name: body.title }));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.title")} data-autofocus {...form.getInputProps("title")} />
        <TextInput label={t("fields.url")} type="url" placeholder="https://" {...form.getInputProps("url")} />
        <TextInput label={t("fields.tag")} description={t("links.tagHelp")} {...form.getInputProps("tag")} />
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("actions.save")} />
      </Stack>
    </form>
  );
}
