import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS, type TPermit } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { isApiError } from "../../../lib/api/api-error";
import { notifySuccess } from "../../../lib/notify";
import { useEnterpriseRiskMatrix, useNamedMinimums } from "../api/form-sources";
import { useReratePermit } from "../api/permits";
import { ratedLevelOf } from "../api/workflow";
import { CriticalityBadge } from "./criticality-badge";
import { CriticalityRaised } from "./criticality-raised";

/**
 * The re-rating dialog's form (loaded when the dialog opens: the permit page stays light for everyone else):
 * probability, severity and the reason, with the level that will result shown before it is confirmed.
 */
export function RerateForm({
  permit,
  onClose,
  onConflict,
}: {
  permit: TPermit;
  onClose: () => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation("permits");
  const matrix = useEnterpriseRiskMatrix(permit.enterprise.id);
  const minimums = useNamedMinimums(
    permit.enterprise.id,
    permit.risks.map((risk) => risk.id),
    permit.specificRisks.map((risk) => risk.id),
  );
  const rerate = useReratePermit();
  const [probabilityId, setProbabilityId] = useState<string | null>(permit.probability?.id ?? null);
  const [severityId, setSeverityId] = useState<string | null>(permit.severity?.id ?? null);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const rated = ratedLevelOf(matrix.data, probabilityId, severityId, minimums);

  const confirm = async () => {
    if (!reason.trim() || !probabilityId || !severityId) {
      setMissing(true);
      return;
    }
    setError(null);
    try {
      await rerate.mutateAsync({ id: permit.id, probabilityId, severityId, reason: reason.trim() });
      notifySuccess(t("rerate.done"));
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409 && caught.code === "CONFLICT") {
        onClose();
        onConflict();
        return;
      }
      setError(caught);
    }
  };
  const axis = (
    label: string,
    items: { id: string; label: string }[],
    value: string | null,
    set: typeof setSeverityId,
    testId: string,
  ) => (
    <Select
      label={label}
      withAsterisk
      allowDeselect={false}
      value={value}
      onChange={set}
      data={items.map((item) => ({ value: item.id, label: item.label }))}
      data-testid={testId}
    />
  );
  return (
    <Stack gap="md">
      <Text fz="sm">{t("rerate.text")}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {axis(
          t("fields.probability"),
          matrix.data?.probabilities ?? [],
          probabilityId,
          setProbabilityId,
          "rerate-probability",
        )}
        {axis(t("fields.severity"), matrix.data?.severities ?? [], severityId, setSeverityId, "rerate-severity")}
      </SimpleGrid>
      <Group gap="xs" aria-live="polite" data-testid="rerate-result">
        <Text fz="sm" fw={500}>
          {t("rerate.result")}
        </Text>
        {permit.criticality ? <CriticalityBadge criticality={permit.criticality} /> : <Text fz="sm">—</Text>}
        <Text fz="sm" aria-hidden>
          →
        </Text>
        {rated ? <CriticalityBadge criticality={rated.level} /> : <Text fz="sm">—</Text>}
      </Group>
      <CriticalityRaised rated={rated} />
      {rated && rated.level.flow === "verify_and_approve" && permit.criticality?.flow === "verify" ? (
        <Text fz="sm" fw={500}>
          {t("rerate.needsApproval")}
        </Text>
      ) : null}
      <Textarea
        label={t("rerate.reason")}
        withAsterisk
        autosize
        minRows={3}
        maxLength={PERMIT_LIMITS.remarkMax}
        value={reason}
        error={missing && !reason.trim() ? t("dialogs.remarkRequired") : undefined}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setMissing(false);
        }}
        data-autofocus
        data-testid="rerate-reason"
      />
      <ApiErrorAlert error={error} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t("common:cancel")}
        </Button>
        <Button loading={rerate.isPending} onClick={() => void confirm()} data-testid="rerate-confirm">
          {t("rerate.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}
