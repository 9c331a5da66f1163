import { Button, Fieldset, Group, Select, Stack, Text } from "@mantine/core";
import { isWorkerKind, type TCrewRule, type TRequirement, type TWorkTypeCompliance } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { QueryState } from "../../../components/query-state";
import { notifySuccess } from "../../../lib/notify";
import { useRequirements, useSetWorkTypeCompliance, useWorkTypeCompliance } from "../api/requirements";

type TChoice = TCrewRule | "none";

/** Each enabled worker requirement, not needed or needed of every crew member or of one at least; saved at once. */
function NeedsForm({
  workTypeId,
  requirements,
  needs,
}: {
  workTypeId: string;
  requirements: TRequirement[];
  needs: TWorkTypeCompliance;
}) {
  const { t } = useTranslation("compliance");
  const save = useSetWorkTypeCompliance(workTypeId);
  const [error, setError] = useState<unknown>(null);
  const [choices, setChoices] = useState<Record<string, TChoice>>(() =>
    Object.fromEntries(needs.requirements.map((n) => [n.requirementId, n.rule])),
  );
  const pickable = requirements.filter((r) => isWorkerKind(r.kind) && (r.enabled || choices[r.id]));
  if (pickable.length === 0) return <Text size="sm">{t("workType.noneToPick")}</Text>;
  const options = (["none", "every_worker", "one_worker"] as const).map((value) => ({
    value,
    label: t(`workType.rules.${value}`),
  }));
  const submit = async () => {
    setError(null);
    const picked = Object.entries(choices).filter(([, rule]) => rule !== "none") as [string, TCrewRule][];
    try {
      await save.mutateAsync({ requirements: picked.map(([requirementId, rule]) => ({ requirementId, rule })) });
      notifySuccess(t("workType.saved"));
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <Stack gap="sm">
      {pickable.map((requirement) => (
        <Select
          key={requirement.id}
          label={requirement.name}
          allowDeselect={false}
          data={options}
          value={choices[requirement.id] ?? "none"}
          onChange={(value) =>
            setChoices((current) => ({ ...current, [requirement.id]: (value ?? "none") as TChoice }))
          }
        />
      ))}
      <ApiErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="light" onClick={submit} loading={save.isPending}>
          {t("workType.save")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Compliance needed" in the work-type editor: the competences and inductions its crews must hold (a company
 * document is asked of the contractor, never of a crew, so it is not offered).
 */
export function WorkTypeCompliance({ workTypeId }: { workTypeId: string }) {
  const { t } = useTranslation("compliance");
  const requirements = useRequirements();
  const needs = useWorkTypeCompliance(workTypeId);
  return (
    <Fieldset legend={t("workType.title")} data-testid="work-type-compliance">
      <Text size="sm" c="dimmed" mb="sm">
        {t("workType.help")}
      </Text>
      <QueryState query={requirements}>
        {(loaded) => (
          <QueryState query={needs}>
            {(current) => <NeedsForm workTypeId={workTypeId} requirements={loaded} needs={current} />}
          </QueryState>
        )}
      </QueryState>
    </Fieldset>
  );
}
