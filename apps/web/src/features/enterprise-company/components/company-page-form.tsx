import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { COMPANY_PAGE_LIMITS, type TCompanyPage } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { isApiError } from "../../../lib/api/api-error";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { focusFirstError, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useSaveCompanyPage } from "../api/company-page";
import { BusinessHoursEditor } from "./business-hours-editor";
import { companyFormValues, companyInput, type TCompanyFormValues, ZCompanyFormSchema } from "./company-form-values";
import { SocialLinksEditor } from "./social-links-editor";
import { VideoUrlsEditor } from "./video-urls-editor";

/** The server's refusals inside the lists (`youtubeUrls.1`, `businessHours.0.close`), on their own inputs. */
function applyListErrors(form: UseFormReturnType<TCompanyFormValues>, error: unknown): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const values = form.getValues();
  const errors = Object.fromEntries(
    Object.entries(error.fields).filter(([path]) => path.includes(".") && path.split(".")[0]! in values),
  );
  for (const [path, key] of Object.entries(errors)) form.setFieldError(path, key);
  focusFirstError(form, errors);
  return Object.keys(errors).length > 0;
}

/**
 * The page's texts, contact, videos, hours and social links, saved together. A refusal (here or from the
 * server) shows on its field and keeps everything typed.
 */
export function CompanyPageForm({ page }: { page: TCompanyPage }) {
  const { t } = useTranslation("companyPage");
  const save = useSaveCompanyPage();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TCompanyFormValues>({
    schema: ZCompanyFormSchema,
    initialValues: companyFormValues(page),
  });
  // Unsaved typing: leaving the page asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(companyInput(values));
      // The server's canonical form (a youtu.be link becomes a watch URL) replaces what was typed.
      form.setValues(companyFormValues(saved));
      form.resetDirty(companyFormValues(saved));
      notifySuccess(t("form.saved"));
    } catch (caught) {
      const onFields = applyApiError(form, caught);
      const inLists = applyListErrors(form, caught);
      if (!onFields && !inLists) setError(caught);
    }
  });

  const longText = (field: "serviceDescription" | "itinerary") => ({
    label: t(`form.${field}`),
    description: t("form.longTextHelp", { max: COMPANY_PAGE_LIMITS.text }),
    inputWrapperOrder: ["label", "input", "description", "error"] as ("label" | "input" | "description" | "error")[],
    autosize: true,
    minRows: 3,
    maxRows: 12,
    ...form.getInputProps(field),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t("form.label")} data-testid="company-page-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TextInput label={t("form.name")} withAsterisk autoComplete="organization" {...form.getInputProps("name")} />
          <TextInput
            label={t("form.email")}
            withAsterisk
            type="email"
            autoComplete="email"
            {...form.getInputProps("email")}
          />
          <TextInput label={t("form.phone")} type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
          <TextInput label={t("form.address")} autoComplete="street-address" {...form.getInputProps("address")} />
          <TextInput
            label={t("form.website")}
            type="url"
            autoComplete="url"
            placeholder="https://"
            {...form.getInputProps("website")}
          />
        </SimpleGrid>
        <Textarea {...longText("serviceDescription")} />
        <Textarea {...longText("itinerary")} />
        <VideoUrlsEditor form={form} />
        <BusinessHoursEditor form={form} />
        <SocialLinksEditor form={form} />
        <ApiErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
