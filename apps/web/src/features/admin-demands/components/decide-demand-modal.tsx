import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { ZDecideDemandSchema, ZDenialReasonSchema } from "@openpermit/shared";
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

/** A request the admin is about to decide, with the dialog's words for it (each kind of request has its own). */
export interface TPendingDecision {
  id: string;
  decision: TDecision;
  copy: { title: string; text: string; button: string; done: string };
}

/**
 * Confirms an approval, or a denial with its reason (the requester reads it); a request decided meanwhile is
 * reported. For every kind of request the admin decides: enterprise accounts and credits.
 */
export function DecideDemandModal({ pending, onClose }: { pending: TPendingDecision | null; onClose: () => void }) {
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending?.copy.title ?? ""}
      centered
      closeButtonProps={closeButtonProps}
    >
      {pending ? <DecisionForm key={pending.id + pending.decision} pending={pending} onDone={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({ pending, onDone }: { pending: TPendingDecision; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const approve = useApproveDemand();
  const deny = useDenyDemand();
  const [error, setError] = useState<unknown>(null);
  const { id, decision, copy } = pending;
  const form = useSchemaForm({
    schema: decision === "deny" ? ZDenialReasonSchema : ZDecideDemandSchema,
    initialValues: { remark: "" },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const mutation = decision === "approve" ? approve : deny;
      await mutation.mutateAsync({ id, remark: values.remark?.trim() || undefined });
      notifySuccess(copy.done);
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
        <Text>{copy.text}</Text>
        <ApiErrorAlert error={error} />
        {decision === "deny" ? <DenialReasonField form={form} /> : null}
        <Group justify="flex-end" gap="xs">
          {/* An approval cannot be undone: the dialog opens on Cancel. */}
          <Button variant="default" onClick={onDone} data-autofocus={decision === "approve" ? true : undefined}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" color={decision === "deny" ? "red" : undefined} loading={form.submitting}>
            {copy.button}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
