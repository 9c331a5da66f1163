import { Button, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { ZCreditPurchaseSchema } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { usePurchaseCredits } from "../api/credits";

/** The form's values: the quantity is "" until a number is typed. */
type TPurchaseValues = { quantity: number | string; note: string };

interface TPurchaseProps {
  enterpriseId: string;
  enterpriseName: string;
}

/** The admin's "Record a purchase" button and its dialog. */
export function RecordPurchaseButton(props: TPurchaseProps) {
  const { t } = useTranslation("credits");
  const closeButtonProps = useCloseButtonProps();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t("purchase.open")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("purchase.title")} centered closeButtonProps={closeButtonProps}>
        {opened ? <PurchaseForm {...props} onDone={close} /> : null}
      </Modal>
    </>
  );
}

function PurchaseForm({ enterpriseId, enterpriseName, onDone }: TPurchaseProps & { onDone: () => void }) {
  const { t } = useTranslation("credits");
  const purchase = usePurchaseCredits(enterpriseId);
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TPurchaseValues>({
    schema: ZCreditPurchaseSchema,
    initialValues: { quantity: "", note: "" },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const input = ZCreditPurchaseSchema.parse(values);
      await purchase.mutateAsync(input);
      notifySuccess(t("purchase.done", { count: input.quantity }));
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  const quantity = form.getInputProps("quantity");
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t("purchase.help", { name: enterpriseName })}</Text>
        <ApiErrorAlert error={error} />
        <NumberInput
          label={t("purchase.quantity")}
          description={t("purchase.quantityHelp")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          required
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is refused with a message, never silently changed into another quantity.
          clampBehavior="none"
          inputMode="numeric"
          data-autofocus
          {...quantity}
          // One clear sentence for every way a quantity can be wrong (empty, 0, decimal, too large).
          error={quantity.error ? t("purchase.quantityInvalid") : undefined}
        />
        <Textarea
          label={t("purchase.note")}
          description={t("purchase.noteHelp")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps("note")}
        />
        <FormFooter onCancel={onDone} submitLabel={t("purchase.submit")} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
