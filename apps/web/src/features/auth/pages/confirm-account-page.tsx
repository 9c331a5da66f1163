import { Anchor, Button, Group, Stack } from "@mantine/core";
import { ZConfirmAccountSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmailInput } from "../../../components/email-input";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useConfirmAccount } from "../api/confirm-account";
import { useResendConfirmation } from "../api/resend-confirmation";
import { AccountPendingNotice } from "../components/account-pending-notice";
import { AuthHeader } from "../components/auth-header";
import { CodeCountdown } from "../components/code-countdown";
import { SecurityCodeInput } from "../components/security-code-input";

const CODE_FIELDS = { SECURITY_CODE_INVALID: "code", SECURITY_CODE_EXPIRED: "code" } as const;

export function ConfirmAccountPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const confirm = useConfirmAccount();
  const resend = useResendConfirmation();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [expiresAt, setExpiresAt] = useState<string | null>(
    (location.state as { codeExpiresAt?: string } | null)?.codeExpiresAt ?? null,
  );
  const form = useSchemaForm({
    schema: ZConfirmAccountSchema,
    initialValues: { email: params.get("email") ?? "", code: "" },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const result = await confirm.mutateAsync(ZConfirmAccountSchema.parse(values));
      if (result.status === "pending_verification") {
        setPending(true);
        return;
      }
      notifySuccess(t("confirm.activated"));
      await navigate("/auth/sign-in/default", { replace: true });
    } catch (caught) {
      if (!applyApiError(form, caught, CODE_FIELDS)) setError(caught);
    }
  });

  const resendCode = async () => {
    setError(null);
    if (form.validateField("email").hasError) return;
    try {
      const result = await resend.mutateAsync({ email: form.getValues().email.trim() });
      setExpiresAt(result.codeExpiresAt);
      form.setFieldValue("code", "");
      notifySuccess(t("code.sent"));
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  };

  if (pending) return <AccountPendingNotice />;

  return (
    <>
      <AuthHeader title={t("confirm.title")} subtitle={t("confirm.subtitle")} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={error} />
          <EmailInput label={t("fields.email")} {...form.getInputProps("email")} />
          <SecurityCodeInput
            value={form.getValues().code}
            onChange={(value) => form.setFieldValue("code", value)}
            error={form.getInputProps("code").error}
          />
          <CodeCountdown expiresAt={expiresAt} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t("confirm.submit")}
          </Button>
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" px={0} onClick={resendCode} loading={resend.isPending}>
              {t("code.resend")}
            </Button>
            <Anchor component={Link} to="/auth/sign-in/default" fz="sm">
              {t("backToSignIn")}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
