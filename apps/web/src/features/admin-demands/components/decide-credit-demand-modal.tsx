import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type TCreditDemand, ZDenialReasonSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useApproveDemand } from "../api/approve-demand";
import type { TDecision } from "../api/decide-demand";
import { useDenyDemand } from "../api/deny-demand";
import { DenialReasonField } from "./denial-reason-field";

export interface TPendingCreditDecision {
  demand: TCreditDemand;
  decision: TDecision;
}

/** A denial says why (the enterprise reads it); an approval needs nothing more than the confirmation. */
const ZNoReasonSchema = z.object({ remark: z.string() });

/** Confirms the purchase an approval records ("Record a purchase of N credits for X?"), or a denial with its reason. */
export function DecideCreditDemandModal({
  pending,
  onClose,
}: {
  pending: TPendingCreditDecision | null;
  onClose: () => void;
}) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("admin");
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending ? t(`creditDemands.confirm.${pending.decision}Title`) : ""}
      centered
      closeButtonProps={closeButtonProps}
    >
      {pending ? <DecisionForm key={pending.demand.id + pending.decision} pending={pending} onDone={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({ pending, onDone }: { pending: TPendingCreditDecision; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const approve = useApproveDemand();
  const deny = useDenyDemand();
  const [error, setError] = useState<unknown>(null);
  const { demand, decision } = pending;
  const form = useSchemaForm({
    schema: decision === "deny" ? ZDenialReasonSchema : ZNoReasonSchema,
    initialValues: { remark: "" },
  });
  const names = { count: demand.quantity, name: demand.enterprise.name };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const mutation = decision === "approve" ? approve : deny;
      await mutation.mutateAsync({ id: demand.id, remark: values.remark.trim() || undefined });
      notifySuccess(t(`creditDemands.done.${decision}`, names));
      onDone();
    } catch (caught) {
      if (isApiError(caught) && caught.code === "CONFLICT") {
        notifyError(t("demands.alreadyDecided"));
        onDone();
        return;
      }
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t(`creditDemands.confirm.${decision}Text`, names)}</Text>
        <ApiErrorAlert error={error} />
        {decision === "deny" ? <DenialReasonField form={form} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} data-autofocus={decision === "approve" ? true : undefined}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" color={decision === "deny" ? "red" : undefined} loading={form.submitting}>
            {t(`creditDemands.confirm.${decision}Button`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
