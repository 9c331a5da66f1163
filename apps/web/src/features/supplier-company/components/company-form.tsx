import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type TSupplierCompany, ZSupplierCompanyUpdateSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useUpdateSupplierCompany } from "../api/update-supplier-company";
import { companyChanges, companyFormValues, type TCompanyFormValues } from "./company-form-values";

/** The company's name and contact details; only what changed is sent. */
export function CompanyForm({ company }: { company: TSupplierCompany }) {
  const { t } = useTranslation("company");
  const update = useUpdateSupplierCompany();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TCompanyFormValues>({
    schema: ZSupplierCompanyUpdateSchema,
    initialValues: companyFormValues(company),
  });
  // Unsaved typing: leaving the page asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const changes = companyChanges(company, ZSupplierCompanyUpdateSchema.parse(values));
    try {
      const saved = Object.keys(changes).length > 0 ? await update.mutateAsync(changes) : company;
      form.setValues(companyFormValues(saved));
      form.resetDirty(companyFormValues(saved));
      notifySuccess(t("form.saved"));
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t("form.title")}>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TextInput label={t("fields.name")} autoComplete="organization" {...form.getInputProps("name")} />
          <TextInput label={t("fields.phone")} type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
          <TextInput label={t("fields.address")} autoComplete="street-address" {...form.getInputProps("address")} />
          <TextInput
            label={t("fields.website")}
            type="url"
            autoComplete="url"
            placeholder="https://"
            description={t("form.websiteHelp")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            {...form.getInputProps("website")}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
