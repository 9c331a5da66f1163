import { Fieldset, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEnterpriseRiskMatrix, useNamedMinimums } from "../api/form-sources";
import { ratedLevelOf } from "../api/workflow";
import { CriticalityBadge } from "../components/criticality-badge";
import { CriticalityRaised } from "../components/criticality-raised";
import type { TPermitForm } from "./use-permit-form";

/**
 * Probability and severity, with the permit's criticality shown as soon as both are chosen: the cell's level,
 * raised by the named risks' minimums (the server keeps the same at the send), saying which risk raised it.
 */
export function CriticalitySection({ form }: { form: TPermitForm }) {
  const { t } = useTranslation("permits");
  const { enterpriseId, probabilityId, severityId, riskIds, specificRiskIds } = form.getValues();
  const matrix = useEnterpriseRiskMatrix(enterpriseId);
  const minimums = useNamedMinimums(enterpriseId, riskIds, specificRiskIds);
  const rated = ratedLevelOf(matrix.data, probabilityId, severityId, minimums);
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
        <CriticalityRaised rated={rated} />
      </Stack>
    </Fieldset>
  );
}
