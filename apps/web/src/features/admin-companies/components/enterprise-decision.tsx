import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type TAdminEnterpriseProfile, ZDecideDemandSchema, ZDenialReasonSchema } from "@openpermit/shared";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useApproveDemand } from "../../admin-demands/api/approve-demand";
import type { TDecision } from "../../admin-demands/api/decide-demand";
import { useDenyDemand } from "../../admin-demands/api/deny-demand";
import { DenialReasonField } from "../../admin-demands/components/denial-reason-field";
import { useRefreshAdminCompanies } from "../api/query-keys";

/** "Approve account" / "Deny" for an enterprise whose account demand waits (the admin demand API). */
export function EnterpriseDecision({ enterprise }: { enterprise: TAdminEnterpriseProfile }) {
  const { t } = useTranslation("adminCompanies");
  const closeButtonProps = useCloseButtonProps();
  const [decision, setDecision] = useState<TDecision | null>(null);
  const demandId = enterprise.pendingDemandId;
  if (!demandId) return null;
  return (
    <>
      <Group gap="xs">
        <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDecision("approve")}>
          {t("decision.approve")}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setDecision("deny")}
        >
          {t("decision.deny")}
        </Button>
      </Group>
      <Modal
        opened={decision !== null}
        onClose={() => setDecision(null)}
        title={decision ? t(`decision.${decision}Title`, { name: enterprise.name }) : ""}
        centered
        closeButtonProps={closeButtonProps}
      >
        {decision ? (
          <DecisionForm
            key={decision}
            demandId={demandId}
            decision={decision}
            enterprise={enterprise}
            onDone={() => setDecision(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

interface TDecisionFormProps {
  demandId: string;
  decision: TDecision;
  enterprise: TAdminEnterpriseProfile;
  onDone: () => void;
}

function DecisionForm({ demandId, decision, enterprise, onDone }: TDecisionFormProps) {
  const { t } = useTranslation("adminCompanies");
  const approve = useApproveDemand();
  const deny = useDenyDemand();
  const refresh = useRefreshAdminCompanies();
  const [error, setError] = useState<unknown>(null);
  // A denial says why (the requester reads it); an approval needs nothing more than the confirmation.
  const form = useSchemaForm({
    schema: decision === "deny" ? ZDenialReasonSchema : ZDecideDemandSchema,
    initialValues: { remark: "" },
  });
  const names = { name: enterprise.name, email: enterprise.email };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const remark = values.remark.trim() || undefined;
    try {
      await (decision === "approve" ? approve : deny).mutateAsync({ id: demandId, remark });
      notifySuccess(t(`decision.${decision}Done`, names));
      onDone();
    } catch (caught) {
      // Another admin decided it meanwhile: say so, and show the profile as it is now.
      if (isApiError(caught) && caught.code === "CONFLICT") {
        notifyError(t("decision.alreadyDecided"));
        onDone();
        return;
      }
      if (!applyApiError(form, caught)) setError(caught);
    } finally {
      void refresh();
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t(`decision.${decision}Text`, names)}</Text>
        <ApiErrorAlert error={error} />
        {decision === "deny" ? <DenialReasonField form={form} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" color={decision === "deny" ? "red" : undefined} loading={form.submitting}>
            {t(`decision.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
