import { Button, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { CREDIT_DEMAND_MAX, ZCreditDemandInputSchema } from "@openpermit/shared";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useRequestCredits } from "../api/credit-demands";

/** The form's values: the quantity is "" until a number is typed. */
type TRequestValues = { quantity: number | string; note: string };

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
  const { t, i18n } = useTranslation("credits");
  const request = useRequestCredits();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TRequestValues>({
    schema: ZCreditDemandInputSchema,
    initialValues: { quantity: "", note: "" },
  });
  const max = new Intl.NumberFormat(i18n.language).format(CREDIT_DEMAND_MAX);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await request.mutateAsync(ZCreditDemandInputSchema.parse(values));
      notifySuccess(t("request.done"));
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  const quantity = form.getInputProps("quantity");
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t("request.help")}</Text>
        <ApiErrorAlert error={error} />
        <NumberInput
          label={t("request.quantity")}
          description={t("request.quantityHelp", { max })}
          inputWrapperOrder={["label", "input", "description", "error"]}
          required
          min={1}
          max={CREDIT_DEMAND_MAX}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is refused with a message, never silently changed into another quantity.
          clampBehavior="none"
          inputMode="numeric"
          data-autofocus
          {...quantity}
          error={quantity.error ? t("request.quantityInvalid", { max }) : undefined}
        />
        <Textarea
          label={t("request.note")}
          description={t("request.noteHelp")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps("note")}
        />
        <FormFooter onCancel={onDone} submitLabel={t("request.submit")} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
