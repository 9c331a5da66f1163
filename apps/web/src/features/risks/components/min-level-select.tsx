import { Select } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { useRiskMatrix } from "../api/risk-matrix";

/**
 * The lowest criticality level a permit naming this risk may have: a level of the enterprise's matrix, or none
 * (the default). Shared by the risk and specific-risk forms.
 */
export function MinLevelSelect<V extends { minLevelId: string | null }>({
  form,
  readOnly,
}: {
  form: UseFormReturnType<V>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("risks");
  const matrix = useRiskMatrix();
  const props = form.getInputProps("minLevelId");
  return (
    <Select
      {...props}
      value={(props.value as string | null) ?? null}
      onChange={(value) => props.onChange(value ?? null)}
      label={t("fields.minLevel")}
      description={t("fields.minLevelHelp")}
      placeholder={t("fields.minLevelNone")}
      clearable
      readOnly={readOnly}
      data={(matrix.data?.levels ?? []).map((level) => ({ value: level.id, label: level.name }))}
      data-testid="risk-min-level"
    />
  );
}
