import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type TEnterpriseAccountDemand, ZDecideDemandSchema, ZDenialReasonSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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

export interface TPendingDecision {
  demand: TEnterpriseAccountDemand;
  decision: TDecision;
}

interface TDecideDemandModalProps {
  pending: TPendingDecision | null;
  onClose: () => void;
}

/** Confirms an approval or a denial (with its reason); a request decided meanwhile is reported. */
export function DecideDemandModal({ pending, onClose }: TDecideDemandModalProps) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("admin");
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending ? t(`demands.confirm.${pending.decision}Title`) : ""}
      centered
      closeButtonProps={closeButtonProps}
    >
      {pending ? <DecisionForm key={pending.demand.id + pending.decision} pending={pending} onDone={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({ pending, onDone }: { pending: TPendingDecision; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const approve = useApproveDemand();
  const deny = useDenyDemand();
  const [error, setError] = useState<unknown>(null);
  const { demand, decision } = pending;
  // A denial says why (the requester reads it); an approval needs nothing more than the confirmation.
  const form = useSchemaForm({
    schema: decision === "deny" ? ZDenialReasonSchema : ZDecideDemandSchema,
    initialValues: { remark: "" },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const remark = values.remark.trim() || undefined;
    try {
      const mutation = decision === "approve" ? approve : deny;
      await mutation.mutateAsync({ id: demand.id, remark });
      notifySuccess(t(`demands.done.${decision}`, { name: demand.enterprise.name }));
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
        <Text>
          {t(`demands.confirm.${decision}Text`, { name: demand.enterprise.name, email: demand.requester.email })}
        </Text>
        <ApiErrorAlert error={error} />
        {decision === "deny" ? <DenialReasonField form={form} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" color={decision === "deny" ? "red" : undefined} loading={form.submitting}>
            {t(`demands.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
