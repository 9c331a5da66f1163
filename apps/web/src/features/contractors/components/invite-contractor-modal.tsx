import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useInviteContractor } from "../api/invite-contractor";
import { inviteContractorSchema, type TInviteFormValues } from "./invite-form-schema";

/** The refusals that are about the e-mail: shown under it, in the user's language. */
const EMAIL_ERRORS = {
  ALREADY_AFFILIATED: "email",
  AFFILIATION_PENDING: "email",
} as const;

export function InviteContractorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("contractors");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("invite.title")}
      size="lg"
      centered
      closeButtonProps={closeButtonProps}
    >
      {opened ? <InviteForm onDone={onClose} /> : null}
    </Modal>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("contractors");
  const invite = useInviteContractor();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TInviteFormValues>({
    schema: inviteContractorSchema,
    initialValues: { email: "", companyName: "", contactName: "" },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      // The answer is the same whoever holds the address: what happens next goes to that address by mail.
      const { demand } = await invite.mutateAsync(inviteContractorSchema.parse(values));
      notifySuccess(t("invite.done", { email: demand.email }));
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught, EMAIL_ERRORS)) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t("invite.help")}</Text>
        <ApiErrorAlert error={error} />
        <TextInput
          label={t("invite.email")}
          type="email"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("invite.companyName")}
          description={t("invite.newOnly")}
          autoComplete="off"
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("companyName")}
        />
        <TextInput
          label={t("invite.contactName")}
          description={t("invite.newOnly")}
          autoComplete="off"
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("contactName")}
        />
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("invite.submit")} />
      </Stack>
    </form>
  );
}
