import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { useEpiName } from "../../../../lib/i18n/use-epi-name";
import { notifySuccess } from "../../../../lib/notify";
import { useEnterpriseEpis, useSetEnterpriseEpis } from "../../api/epis";
import { RiskImage } from "../risk-image";
import { SaveButton } from "../save-button";

/** Enterprise: the EPIs of the platform catalogue it uses (what a risk assignment may require). */
export function EpiPicksPanel() {
  const { t } = useTranslation("risks");
  const epis = useEnterpriseEpis();
  return (
    <QueryState
      query={epis}
      keepDataOnError
      empty={<NextStep title={t("picks.emptyTitle")} description={t("picks.emptyText")} testId="empty-state" />}
    >
      {(loaded) => <PicksForm key={selectedKey(loaded)} epis={loaded} />}
    </QueryState>
  );
}

/** The ids of the picked EPIs: a new set from the server remounts the form with it. */
function selectedKey(epis: { id: string; selected: boolean }[]): string {
  return epis
    .filter((epi) => epi.selected)
    .map((epi) => epi.id)
    .join(",");
}

function PicksForm({ epis }: { epis: NonNullable<ReturnType<typeof useEnterpriseEpis>["data"]> }) {
  const { t } = useTranslation("risks");
  const { nameOf } = useEpiName();
  const save = useSetEnterpriseEpis();
  const [picked, setPicked] = useState<string[]>(() => epis.filter((epi) => epi.selected).map((epi) => epi.id));
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(picked);
      notifySuccess(t("picks.saved", { count: picked.length }));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {t("picks.description")}
      </Text>
      <Checkbox.Group label={t("picks.label")} value={picked} onChange={setPicked}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mt="xs">
          {epis.map((epi) => (
            <Paper key={epi.id} withBorder p="sm" data-testid="epi-pick" data-id={epi.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Checkbox value={epi.id} label={nameOf(epi)} description={epi.description || undefined} flex={1} />
                <RiskImage url={epi.icon?.url} />
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <ApiErrorAlert error={error} />
      <Group justify="space-between">
        <Text fz="sm" c="dimmed" aria-live="polite">
          {t("picks.count", { count: picked.length })}
        </Text>
        <SaveButton saving={save.isPending} onSave={() => void submit()} />
      </Group>
    </Stack>
  );
}
