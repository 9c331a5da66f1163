import { Alert, Stack, Text, TextInput } from "@mantine/core";
import type { TComplianceOverviewRow } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api/api-error";
import { useRecordInduction } from "../api/overview";
import { useRequirements } from "../api/requirements";

const todayIso = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last valid day the server would give by default: the requirement's validity from the induction day. */
export function defaultUntil(inductedOn: string, validityDays: number | null | undefined): string {
  return validityDays && /^\d{4}-\d{2}-\d{2}$/.test(inductedOn) ? addDays(inductedOn, validityDays - 1) : "";
}

interface TInductionDialogProps {
  /** The worker's induction row it records; null: closed. */
  row: TComplianceOverviewRow | null;
  onClose: () => void;
}

/** Records that a worker followed the site induction: the day, the last valid day (defaulted), then confirm. */
export function InductionDialog({ row, onClose }: TInductionDialogProps) {
  const { t } = useTranslation(["complianceOverview", "validation"]);
  const record = useRecordInduction();
  const requirements = useRequirements();
  const validityDays = requirements.data?.find((r) => r.id === row?.requirement.id)?.validityDays;
  const [inductedOn, setInductedOn] = useState(todayIso);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const shownUntil = validUntil ?? defaultUntil(inductedOn, validityDays);
  const close = () => {
    setInductedOn(todayIso());
    setValidUntil(null);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={row !== null}
      title={t("induction.title")}
      confirmLabel={t("induction.confirm")}
      confirmDisabled={!inductedOn}
      onClose={close}
      describeError={(error) => {
        // A refused field says what to change (a day to come, a day outside the years taken), in the reader's words.
        if (!isApiError(error) || Object.keys(error.fields).length === 0) return null;
        return (
          <Alert color="red" variant="light" role="alert">
            {Object.values(error.fields)
              .map((code) => t(`validation:${code}`))
              .join(" ")}
          </Alert>
        );
      }}
      onConfirm={() =>
        record.mutateAsync({
          requirementId: row!.requirement.id,
          workerId: row!.worker!.id,
          inductedOn,
          validUntil: shownUntil || null,
        })
      }
    >
      <Stack gap="sm">
        <Text>
          {t("induction.text", {
            worker: row?.worker?.name ?? "",
            contractor: row?.contractor.name ?? "",
            requirement: row?.requirement.name ?? "",
          })}
        </Text>
        <TextInput
          type="date"
          label={t("induction.inductedOn")}
          value={inductedOn}
          max={todayIso()}
          required
          onChange={(event) => setInductedOn(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t("induction.validUntil")}
          description={validityDays ? t("induction.validUntilHelp", { count: validityDays }) : t("induction.noExpiry")}
          value={shownUntil}
          min={inductedOn}
          max={validityDays ? defaultUntil(inductedOn, validityDays) : undefined}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
        />
      </Stack>
    </ConfirmDialog>
  );
}
