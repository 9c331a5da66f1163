import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type TSelfSignUpRole, ZSignUpFormSchema, ZSignUpSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmailInput } from "../../../components/email-input";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { useSignUp } from "../api/sign-up";
import { AccountTypeField } from "../components/account-type-field";
import { AuthHeader } from "../components/auth-header";
import { NewPasswordFields } from "../components/new-password-fields";

export function SignUpPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  const signUp = useSignUp();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm({
    confirm: { password: "password", confirmation: "confirmPassword" },
    schema: ZSignUpFormSchema,
    initialValues: {
      accountType: "Supplier" as TSelfSignUpRole,
      companyName: "",
      name: "",
      email: "",
      phone: "",
      password: "",
      confirmPassword: "",
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const result = await signUp.mutateAsync(ZSignUpSchema.parse({ ...values, language }));
      await navigate(`/auth/Confirm-account?email=${encodeURIComponent(result.email)}`, {
        state: { codeExpiresAt: result.codeExpiresAt },
      });
    } catch (caught) {
      if (!applyApiError(form, caught, { EMAIL_EXISTS: "email" })) setError(caught);
    }
  });

  return (
    <>
      <AuthHeader title={t("signUp.title")} subtitle={t("signUp.subtitle")} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={error} />
          <AccountTypeField
            value={form.getValues().accountType}
            onChange={(value) => form.setFieldValue("accountType", value)}
          />
          <TextInput
            label={t("fields.companyName")}
            autoComplete="organization"
            {...form.getInputProps("companyName")}
          />
          <TextInput label={t("fields.name")} autoComplete="name" {...form.getInputProps("name")} />
          <EmailInput label={t("fields.email")} {...form.getInputProps("email")} />
          <TextInput label={t("fields.phone")} type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
          <NewPasswordFields
            label={t("fields.password")}
            password={form.getInputProps("password")}
            confirmation={form.getInputProps("confirmPassword")}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t("signUp.submit")}
          </Button>
          <Text ta="center" fz="sm">
            {t("signUp.haveAccount")}{" "}
            <Anchor component={Link} to="/auth/sign-in/default">
              {t("signUp.signIn")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
