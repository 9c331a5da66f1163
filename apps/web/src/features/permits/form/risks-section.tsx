import { Badge, Fieldset, Group, MultiSelect, Stack, Text } from "@mantine/core";
import type { TApplicable } from "@openpermit/shared";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useEpiName } from "../../../lib/i18n/use-epi-name";
import { useEnterpriseEpiPicks, useEnterpriseRisks, useEnterpriseSpecificRisks } from "../api/form-sources";
import type { TPermitForm } from "./use-permit-form";

export interface TRequired {
  riskIds: string[];
  specificRiskIds: string[];
  epiIds: string[];
}

export const NOTHING_REQUIRED: TRequired = { riskIds: [], specificRiskIds: [], epiIds: [] };

export function requiredOf(applicable: TApplicable | undefined): TRequired {
  if (!applicable) return NOTHING_REQUIRED;
  return {
    riskIds: applicable.risks.map((item) => item.id),
    specificRiskIds: applicable.specificRisks.map((item) => item.id),
    epiIds: applicable.epis.map((item) => item.id),
  };
}

type TListField = "riskIds" | "specificRiskIds" | "epiIds";

/**
 * Risks, specific critical risks and EPIs: what the place and work type require is shown fixed (it cannot be
 * removed: the server keeps it too), and the user may add more of the enterprise's own.
 */
export function RisksSection({
  form,
  applicable,
  loading,
}: {
  form: TPermitForm;
  applicable: TApplicable | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation("permits");
  const { enterpriseId } = form.getValues();
  const risks = useEnterpriseRisks(enterpriseId);
  const specificRisks = useEnterpriseSpecificRisks(enterpriseId);
  const epis = useEnterpriseEpiPicks(enterpriseId);
  const { localised } = useEpiName();
  const required = requiredOf(applicable);
  const fixedNames = {
    riskIds: applicable?.risks ?? [],
    specificRiskIds: applicable?.specificRisks ?? [],
    epiIds: localised(applicable?.epis ?? []),
  };
  const options = {
    riskIds: risks.data ?? [],
    specificRiskIds: specificRisks.data ?? [],
    epiIds: localised(epis.data ?? []),
  };

  /** `key`: risks, specificRisks or epis (the field's label, and its "required here" and "more" labels). */
  const field = (name: TListField, key: string, testId: string) => {
    const fixed = new Set(required[name]);
    const chosen = form.getValues()[name].filter((id) => !fixed.has(id));
    return (
      <Stack gap={4}>
        {fixedNames[name].length > 0 ? (
          <div data-testid={`${testId}-fixed`}>
            <Text fz="sm" fw={500}>
              {t(`form.required.${key}`)}
            </Text>
            <Group gap={6} mt={4}>
              {fixedNames[name].map((item) => (
                <Badge
                  key={item.id}
                  variant="light"
                  color="gray"
                  leftSection={<IconLock size={12} aria-hidden />}
                  styles={{ label: { textTransform: "none" } }}
                >
                  {item.name}
                </Badge>
              ))}
            </Group>
          </div>
        ) : null}
        <MultiSelect
          label={fixedNames[name].length > 0 ? t(`form.more.${key}`) : t(`fields.${key}`)}
          placeholder={t("form.add")}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t("form.nothingFound")}
          disabled={!enterpriseId}
          data={options[name]
            .filter((item) => !fixed.has(item.id))
            .map((item) => ({ value: item.id, label: item.name }))}
          value={chosen}
          error={form.getInputProps(name).error}
          onChange={(next) => form.setFieldValue(name, [...required[name], ...next])}
          data-testid={testId}
        />
      </Stack>
    );
  };

  return (
    <Fieldset legend={t("form.risks")}>
      <Stack gap="md">
        {loading ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {t("form.loadingApplicable")}
          </Text>
        ) : !applicable ? (
          <Text fz="sm" c="dimmed">
            {t("form.choosePlaceFirst")}
          </Text>
        ) : null}
        {field("riskIds", "risks", "permit-risks")}
        {field("specificRiskIds", "specificRisks", "permit-specific-risks")}
        {field("epiIds", "epis", "permit-epis")}
      </Stack>
    </Fieldset>
  );
}
