import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { ZDecideDemandSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useRetained } from "../../../lib/use-retained";
import { useDetachContractor } from "../api/detach-contractor";

interface TDetachDialogProps {
  contractor: { id: string; name: string } | null;
  onClose: () => void;
}

/** Asks before detaching (the contractor stops working for the enterprise at once), with an optional remark. */
export function DetachDialog({ contractor, onClose }: TDetachDialogProps) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("contractors");
  const title = useRetained(contractor ? t("detach.title", { name: contractor.name }) : null);
  return (
    <Modal opened={contractor !== null} onClose={onClose} title={title} centered closeButtonProps={closeButtonProps}>
      {contractor ? <DetachForm contractor={contractor} onDone={onClose} /> : null}
    </Modal>
  );
}

function DetachForm({ contractor, onDone }: { contractor: { id: string; name: string }; onDone: () => void }) {
  const { t } = useTranslation("contractors");
  const detach = useDetachContractor();
  const form = useSchemaForm({ schema: ZDecideDemandSchema, initialValues: { remark: "" } });

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    await detach.mutateAsync({ id: contractor.id, remark: ZDecideDemandSchema.parse(values).remark || undefined });
    notifySuccess(t("detach.done"));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t("detach.text", { name: contractor.name })}</Text>
        <Text size="sm">{t("detach.liveWork")}</Text>
        <ApiErrorAlert error={error} />
        <Textarea
          label={t("detach.remark")}
          description={t("detach.remarkHelp", { length: form.getValues().remark.length })}
          autosize
          minRows={3}
          maxRows={6}
          data-autofocus
          {...form.getInputProps("remark")}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" color="red.9" loading={form.submitting}>
            {t("detach.confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
