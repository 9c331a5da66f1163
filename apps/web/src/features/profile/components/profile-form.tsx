import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { TLanguage, TMe, TUpdateMe } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { useUpdateMe } from "../api/update-me";
import { profileFormSchema } from "./profile-form-schema";

/** Name, phone and the language of e-mails; only what changed is sent. */
export function ProfileForm({ me }: { me: TMe }) {
  const { t } = useTranslation("profile");
  const session = useSession();
  const update = useUpdateMe();
  const [error, setError] = useState<unknown>(null);
  const schema = profileFormSchema(me.phone !== null);
  const form = useSchemaForm({
    schema,
    initialValues: { name: me.name, phone: me.phone ?? "", language: me.language as TLanguage },
  });
  // Unsaved typing: leaving the page asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const parsed = schema.parse(values);
    const changes: TUpdateMe = {};
    if (parsed.name !== me.name) changes.name = parsed.name;
    if (parsed.phone !== "" && parsed.phone !== me.phone) changes.phone = parsed.phone;
    if (parsed.language !== me.language) changes.language = parsed.language;
    try {
      const saved = Object.keys(changes).length > 0 ? await update.mutateAsync(changes) : me;
      form.setValues({ name: saved.name, phone: saved.phone ?? "", language: saved.language });
      form.resetDirty({ name: saved.name, phone: saved.phone ?? "", language: saved.language });
      notifySuccess(t("edit.saved"));
      if (changes.name) void session.reloadProfile();
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TextInput label={t("fields.name")} autoComplete="name" {...form.getInputProps("name")} />
          <TextInput label={t("fields.phone")} type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
          <Select
            label={t("fields.language")}
            description={t("fields.languageHelp")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            allowDeselect={false}
            data={[
              { value: "en", label: "English" },
              { value: "fr", label: "Français" },
            ]}
            {...form.getInputProps("language")}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            {t("edit.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
