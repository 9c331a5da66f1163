import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type TSelfSignUpRole, ZSignUpFormSchema, ZSignUpSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { useSignUp } from "../api/sign-up";
import { AccountTypeField } from "../components/account-type-field";
import { AuthHeader } from "../components/auth-header";
import { NewPasswordFields } from "../components/new-password-fields";
import { PersonFields } from "../components/person-fields";

export function SignUpPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  const signUp = useSignUp();
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

  // A taken address answers like a new one (its holder is told by mail): the next step is the code either way.
  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    const result = await signUp.mutateAsync(ZSignUpSchema.parse({ ...values, language }));
    await navigate(`/auth/Confirm-account?email=${encodeURIComponent(result.email)}`, {
      state: { codeExpiresAt: result.codeExpiresAt },
    });
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
          <PersonFields form={form} email={form.getInputProps("email")} />
          <NewPasswordFields form={form} label={t("fields.password")} />
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
