import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import {
  COMPLIANCE_KINDS,
  type TComplianceKind,
  type TRequirement,
  type TRequirementInput,
  VALIDITY_DAYS,
  ZRequirementInputSchema,
} from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useLeaveGuard } from "../../../components/leave-guard";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useRequirementWrites } from "../api/requirements";
import { optionalNumber } from "./optional-number";

type TRequirementValues = {
  kind: TComplianceKind;
  name: string;
  description: string;
  requiredOfAll: boolean;
  validityDays: number | null;
  minimumCover: number | null;
  enabled: boolean;
};

const EMPTY: TRequirementValues = {
  kind: "document",
  name: "",
  description: "",
  requiredOfAll: false,
  validityDays: null,
  minimumCover: null,
  enabled: true,
};

/**
 * Adds or edits a requirement. The minimum cover is a document's alone (an insurance), so the field shows only for
 * a document; the kind is fixed once evidence names the requirement (the server refuses a change).
 */
export function RequirementForm({ requirement, onDone }: { requirement: TRequirement | null; onDone: () => void }) {
  const { t } = useTranslation("compliance");
  const { save } = useRequirementWrites();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TRequirementValues>({
    schema: ZRequirementInputSchema,
    initialValues: requirement ? { ...EMPTY, ...requirement } : EMPTY,
  });
  useLeaveGuard(form.isDirty());
  const isDocument = form.values.kind === "document";
  const submit = form.onSubmit(async ({ minimumCover, ...values }) => {
    setError(null);
    try {
      const input: TRequirementInput = { ...values, minimumCover: isDocument ? minimumCover : null };
      const saved = await save.mutateAsync({ ...input, id: requirement?.id });
      notifySuccess(t("requirements.saved", { name: saved.name }));
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="requirement-form">
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label={t("requirements.kind")}
            withAsterisk
            allowDeselect={false}
            disabled={requirement?.used}
            data={COMPLIANCE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            {...form.getInputProps("kind")}
          />
          <TextInput label={t("requirements.name")} withAsterisk data-autofocus {...form.getInputProps("name")} />
        </SimpleGrid>
        <Textarea label={t("requirements.description")} autosize minRows={2} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t("requirements.validityDays")}
            description={t("requirements.validityHint", VALIDITY_DAYS)}
            min={VALIDITY_DAYS.min}
            max={VALIDITY_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            {...optionalNumber(form, "validityDays")}
          />
          {isDocument ? (
            <NumberInput
              label={t("requirements.minimumCover")}
              description={t("requirements.coverHint")}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              {...optionalNumber(form, "minimumCover")}
            />
          ) : null}
        </SimpleGrid>
        <Checkbox
          label={t(isDocument ? "requirements.requiredOfAllDocument" : "requirements.requiredOfAllWorker")}
          {...form.getInputProps("requiredOfAll", { type: "checkbox" })}
        />
        <Checkbox label={t("requirements.enabled")} {...form.getInputProps("enabled", { type: "checkbox" })} />
        <FormFooter onCancel={onDone} submitLabel={t("requirements.save")} submitting={save.isPending} />
      </Stack>
    </form>
  );
}
