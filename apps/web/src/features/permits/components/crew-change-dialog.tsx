import { MultiSelect, Stack, Text } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useChangeCrew, useCrewCandidates } from "../api/crew";
import { useFieldRefusal } from "./field-refusal";

/** Workers to choose from: the company's people, plus those on the crew now (a disabled one stays listed). */
export function useCrewChoices(current: { id: string; name: string }[], enabled = true) {
  const candidates = useCrewCandidates(enabled);
  const data = useMemo(() => {
    const byId = new Map((candidates.data ?? []).map((c) => [c.id, c.name]));
    for (const worker of current) if (!byId.has(worker.id)) byId.set(worker.id, worker.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [candidates.data, current]);
  return { data, loading: candidates.isLoading, failed: candidates.isError };
}

/** The holder changes the crew: the workers are chosen by name, in order; those added are told by the server. */
export function CrewChangeDialog({
  opened,
  permit,
  onConflict,
  onClose,
}: {
  opened: boolean;
  permit: TPermit;
  onConflict: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("permits");
  const change = useChangeCrew();
  const refusal = useFieldRefusal();
  const choices = useCrewChoices(permit.crew, opened);
  const [workerIds, setWorkerIds] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setWorkerIds(permit.crew.map((w) => w.id));
  }, [opened, permit.crew]);
  return (
    <ConfirmDialog
      opened={opened}
      title={t("crew.changeTitle")}
      confirmLabel={t("crew.save")}
      describeError={refusal}
      onConfirm={async () => {
        try {
          await change.mutateAsync({ id: permit.id, workerIds });
        } catch (error) {
          onConflict();
          throw error;
        }
      }}
      onClose={onClose}
    >
      <Stack gap="sm" data-testid="crew-change-dialog">
        <Text fz="sm">{t("crew.changeText")}</Text>
        <CrewPicker value={workerIds} onChange={setWorkerIds} choices={choices} />
      </Stack>
    </ConfirmDialog>
  );
}

/** The crew field: workers of the caller's company, searchable by name. */
export function CrewPicker({
  value,
  onChange,
  choices,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  choices: ReturnType<typeof useCrewChoices>;
  error?: string | null;
}) {
  const { t } = useTranslation("permits");
  return (
    <MultiSelect
      label={t("crew.field")}
      description={t("crew.fieldHelp")}
      placeholder={choices.loading ? t("crew.loading") : t("crew.pick")}
      data={choices.data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t("crew.nobody")}
      error={choices.failed ? t("crew.loadFailed") : error}
      data-testid="crew-picker"
    />
  );
}
