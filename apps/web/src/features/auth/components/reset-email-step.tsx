import { Button, Stack, Text } from "@mantine/core";
import { ZEmailOnlySchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmailInput } from "../../../components/email-input";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useForgotPassword } from "../api/forgot-password";

interface TResetEmailStepProps {
  initialEmail: string;
  onSent: (email: string, codeExpiresAt: string) => void;
}

/** Step 1: where to send the code (the answer is the same whether the address is known or not). */
export function ResetEmailStep({ initialEmail, onSent }: TResetEmailStepProps) {
  const { t } = useTranslation("auth");
  const forgot = useForgotPassword();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm({ schema: ZEmailOnlySchema, initialValues: { email: initialEmail } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { email } = ZEmailOnlySchema.parse(values);
      const result = await forgot.mutateAsync({ email });
      onSent(email, result.codeExpiresAt);
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t("reset.emailHelp")}
        </Text>
        <ApiErrorAlert error={error} />
        <EmailInput label={t("fields.email")} {...form.getInputProps("email")} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("reset.sendCode")}
        </Button>
      </Stack>
    </form>
  );
}
