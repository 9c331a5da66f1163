import { Button, Modal, Stack, Text } from "@mantine/core";
import { CREDIT_DEMAND_MAX, ZCreditDemandInputSchema } from "@openpermit/shared";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useRequestCredits } from "../api/credit-demands";
import { CreditQuantityFields, type TCreditQuantityValues } from "./credit-quantity-fields";

/** The Enterprise account's "Request credits" button and its dialog (the admin decides the request). */
export function RequestCreditsButton({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation("credits");
  const closeButtonProps = useCloseButtonProps();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button
        leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={disabled}
      >
        {t("request.open")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("request.title")} centered closeButtonProps={closeButtonProps}>
        {opened ? <RequestForm onDone={close} /> : null}
      </Modal>
    </>
  );
}

function RequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("credits");
  const request = useRequestCredits();
  const form = useSchemaForm<TCreditQuantityValues>({
    schema: ZCreditDemandInputSchema,
    initialValues: { quantity: "", note: "" },
  });

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    await request.mutateAsync(ZCreditDemandInputSchema.parse(values));
    notifySuccess(t("request.done"));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t("request.help")}</Text>
        <ApiErrorAlert error={error} />
        <CreditQuantityFields form={form} texts="request" max={CREDIT_DEMAND_MAX} />
        <FormFooter onCancel={onDone} submitLabel={t("request.submit")} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
