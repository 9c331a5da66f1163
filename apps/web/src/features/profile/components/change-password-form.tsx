import { Button, Group, PasswordInput, SimpleGrid, Stack } from "@mantine/core";
import { ZChangePasswordFormSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { usePasswordToggleProps } from "../../../components/password-toggle";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useChangePassword } from "../api/change-password";

export function ChangePasswordForm() {
  const { t } = useTranslation("profile");
  const change = useChangePassword();
  const toggle = usePasswordToggleProps();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm({
    confirm: { password: "newPassword", confirmation: "confirmPassword" },
    schema: ZChangePasswordFormSchema,
    initialValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });
  // Unsaved typing: leaving the page asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async ({ oldPassword, newPassword }) => {
    setError(null);
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.reset();
      notifySuccess(t("password.changed"));
    } catch (caught) {
      if (!applyApiError(form, caught, { OLD_PASSWORD_INVALID: "oldPassword" })) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
          <PasswordInput
            label={t("fields.oldPassword")}
            autoComplete="current-password"
            {...toggle}
            {...form.getInputProps("oldPassword")}
          />
          <PasswordInput
            label={t("fields.newPassword")}
            description={t("fields.passwordHelp")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            autoComplete="new-password"
            {...toggle}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t("fields.confirmPassword")}
            autoComplete="new-password"
            {...toggle}
            {...form.getInputProps("confirmPassword")}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t("password.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
