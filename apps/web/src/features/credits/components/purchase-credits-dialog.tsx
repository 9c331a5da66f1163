import { Button, Modal, Stack, Text } from "@mantine/core";
import { ZCreditPurchaseSchema } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { usePurchaseCredits } from "../api/credits";
import { CreditQuantityFields, type TCreditQuantityValues } from "./credit-quantity-fields";

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
  const form = useSchemaForm<TCreditQuantityValues>({
    schema: ZCreditPurchaseSchema,
    initialValues: { quantity: "", note: "" },
  });

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    const input = ZCreditPurchaseSchema.parse(values);
    await purchase.mutateAsync(input);
    notifySuccess(t("purchase.done", { count: input.quantity }));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t("purchase.help", { name: enterpriseName })}</Text>
        <ApiErrorAlert error={error} />
        <CreditQuantityFields form={form} texts="purchase" max={100_000} />
        <FormFooter onCancel={onDone} submitLabel={t("purchase.submit")} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
