import { Button, Stack } from "@mantine/core";
import { ZResetPasswordFormSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { isApiError } from "../../../lib/api/api-error";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useResetPassword } from "../api/reset-password";
import { NewPasswordFields } from "../components/new-password-fields";

interface TResetPasswordStepProps {
  resetToken: string;
  onDone: () => void;
  /** Back to step 1, when the reset token has expired meanwhile. */
  onRestart: () => void;
}

/** Step 3: the new password, twice. */
export function ResetPasswordStep({ resetToken, onDone, onRestart }: TResetPasswordStepProps) {
  const { t } = useTranslation("auth");
  const reset = useResetPassword();
  const form = useSchemaForm({
    confirm: { password: "password", confirmation: "confirmPassword" },
    schema: ZResetPasswordFormSchema,
    initialValues: { password: "", confirmPassword: "" },
  });

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    await reset.mutateAsync({ resetToken, password: values.password });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error}>
          {isApiError(error) && error.code === "SECURITY_CODE_EXPIRED" ? (
            <Button variant="subtle" px={0} display="block" onClick={onRestart}>
              {t("reset.restart")}
            </Button>
          ) : null}
        </ApiErrorAlert>
        <NewPasswordFields form={form} label={t("fields.newPassword")} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("reset.submit")}
        </Button>
      </Stack>
    </form>
  );
}
