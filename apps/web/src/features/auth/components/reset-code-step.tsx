import { Button, Group, Stack, Text } from "@mantine/core";
import { ZVerifyResetCodeSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useForgotPassword } from "../api/forgot-password";
import { useVerifyResetCode } from "../api/verify-reset-code";
import { CodeCountdown } from "./code-countdown";
import { SecurityCodeInput } from "./security-code-input";

const ZCodeFormSchema = ZVerifyResetCodeSchema.pick({ code: true });

interface TResetCodeStepProps {
  email: string;
  codeExpiresAt: string;
  onResent: (codeExpiresAt: string) => void;
  onVerified: (resetToken: string) => void;
  onChangeEmail: () => void;
}

/** Step 2: the code from the e-mail, with the time left and a way to get a new one. */
export function ResetCodeStep({ email, codeExpiresAt, onResent, onVerified, onChangeEmail }: TResetCodeStepProps) {
  const { t } = useTranslation("auth");
  const verify = useVerifyResetCode();
  const resend = useForgotPassword();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm({ schema: ZCodeFormSchema, initialValues: { code: "" } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      onVerified(await verify.mutateAsync({ email, code: ZCodeFormSchema.parse(values).code }));
    } catch (caught) {
      const onField = applyApiError(form, caught, { SECURITY_CODE_INVALID: "code", SECURITY_CODE_EXPIRED: "code" });
      if (!onField) setError(caught);
    }
  });

  const resendCode = async () => {
    setError(null);
    try {
      const result = await resend.mutateAsync({ email });
      form.reset();
      onResent(result.codeExpiresAt);
      notifySuccess(t("code.sent"));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t("reset.codeHelp", { email })}
        </Text>
        <ApiErrorAlert error={error} />
        <SecurityCodeInput
          value={form.getValues().code}
          onChange={(value) => form.setFieldValue("code", value)}
          error={form.getInputProps("code").error}
        />
        <CodeCountdown expiresAt={codeExpiresAt} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("reset.verify")}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" px={0} onClick={resendCode} loading={resend.isPending}>
            {t("code.resend")}
          </Button>
          <Button variant="subtle" px={0} onClick={onChangeEmail}>
            {t("reset.changeEmail")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
