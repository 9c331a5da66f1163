import { Fieldset, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import type { TLevelMinimum } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useEnterpriseRiskMatrix, useEnterpriseRisks, useEnterpriseSpecificRisks } from "../api/form-sources";
import { ratedLevelOf } from "../api/workflow";
import { CriticalityBadge } from "../components/criticality-badge";
import type { TPermitForm } from "./use-permit-form";

/** The minimum levels the permit's named risks and specific risks carry (the lists the risks section uses). */
function useNamedMinimums(form: TPermitForm): TLevelMinimum[] {
  const { enterpriseId, riskIds, specificRiskIds } = form.getValues();
  const risks = useEnterpriseRisks(enterpriseId);
  const specificRisks = useEnterpriseSpecificRisks(enterpriseId);
  const named = (
    kind: TLevelMinimum["kind"],
    ids: string[],
    list: { id: string; name: string; minLevelId: string | null }[],
  ) =>
    list
      .filter((item) => ids.includes(item.id))
      .map((item) => ({ kind, id: item.id, name: item.name, minLevelId: item.minLevelId }));
  return [
    ...named("risk", riskIds, risks.data ?? []),
    ...named("specificRisk", specificRiskIds, specificRisks.data ?? []),
  ];
}

/**
 * Probability and severity, with the permit's criticality shown as soon as both are chosen: the cell's level,
 * raised by the named risks' minimums (the server keeps the same at the send), saying which risk raised it.
 */
export function CriticalitySection({ form }: { form: TPermitForm }) {
  const { t } = useTranslation("permits");
  const { enterpriseId, probabilityId, severityId } = form.getValues();
  const matrix = useEnterpriseRiskMatrix(enterpriseId);
  const rated = ratedLevelOf(matrix.data, probabilityId, severityId, useNamedMinimums(form));
  const level = rated?.level ?? null;
  const axis = (path: "probabilityId" | "severityId", items: { id: string; label: string }[], label: string) => {
    const props = form.getInputProps(path);
    return (
      <Select
        {...props}
        value={(props.value as string | null) ?? null}
        label={label}
        placeholder={t("form.choose")}
        withAsterisk
        disabled={!enterpriseId}
        data={items.map((item) => ({ value: item.id, label: item.label }))}
        data-testid={`permit-${path === "probabilityId" ? "probability" : "severity"}`}
      />
    );
  };
  return (
    <Fieldset legend={t("form.criticality")}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {axis("probabilityId", matrix.data?.probabilities ?? [], t("fields.probability"))}
          {axis("severityId", matrix.data?.severities ?? [], t("fields.severity"))}
        </SimpleGrid>
        <Group gap="xs" aria-live="polite" data-testid="permit-criticality">
          <Text fz="sm" fw={500}>
            {t("fields.criticality")}
          </Text>
          {level ? (
            <CriticalityBadge criticality={level} />
          ) : (
            <Text fz="sm" c="dimmed">
              {matrix.data && matrix.data.levels.length === 0 ? t("form.noMatrix") : t("form.criticalityPending")}
            </Text>
          )}
        </Group>
        {rated && rated.raisedBy.length > 0 ? (
          <Text fz="sm" c="dimmed" data-testid="permit-criticality-raised">
            {t("form.criticalityRaised", {
              level: rated.level.name,
              cell: rated.cellLevel.name,
              risks: rated.raisedBy.map((risk) => risk.name).join(", "),
            })}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
