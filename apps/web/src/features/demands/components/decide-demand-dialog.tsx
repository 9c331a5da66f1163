import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { type TAffiliationDemand, type TAffiliationSide, ZDecideDemandSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useRetained } from "../../../lib/use-retained";
import { otherCompanyName } from "./demand-side";

/** Denying and cancelling ask first, with an optional remark; approving does not (it is what was asked). */
export type TConfirmedAction = "deny" | "cancel";

export interface TPendingDecision {
  demand: TAffiliationDemand;
  action: TConfirmedAction;
}

interface TDecideDemandDialogProps {
  pending: TPendingDecision | null;
  side: TAffiliationSide;
  /** Sends the decision; a rejection the dialog cannot place on the remark is shown in it. */
  onDecide: (pending: TPendingDecision, remark: string | undefined) => Promise<void>;
  onClose: () => void;
}

export function DecideDemandDialog({ pending, side, onDecide, onClose }: TDecideDemandDialogProps) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("demands");
  const title = useRetained(pending ? t(`confirm.${pending.action}Title`) : null);
  return (
    <Modal opened={pending !== null} onClose={onClose} title={title} centered closeButtonProps={closeButtonProps}>
      {pending ? (
        <DecisionForm
          key={pending.demand.id + pending.action}
          pending={pending}
          side={side}
          onDecide={onDecide}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

interface TDecisionFormProps {
  pending: TPendingDecision;
  side: TAffiliationSide;
  onDecide: TDecideDemandDialogProps["onDecide"];
  onDone: () => void;
}

function DecisionForm({ pending, side, onDecide, onDone }: TDecisionFormProps) {
  const { t } = useTranslation("demands");
  const form = useSchemaForm({ schema: ZDecideDemandSchema, initialValues: { remark: "" } });
  const { demand, action } = pending;
  const name = otherCompanyName(demand, side);

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    await onDecide(pending, ZDecideDemandSchema.parse(values).remark || undefined);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t(`confirm.${action}Text`, { name })}</Text>
        <ApiErrorAlert error={error} />
        <Textarea
          label={t("confirm.remark")}
          description={t("confirm.remarkHelp", { length: form.getValues().remark.length })}
          autosize
          minRows={3}
          maxRows={6}
          data-autofocus
          {...form.getInputProps("remark")}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {action === "cancel" ? t("actions.keep") : t("common:cancel")}
          </Button>
          <Button type="submit" color="red.9" loading={form.submitting}>
            {t(`actions.${action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
