import { Button, Stack, TextInput } from "@mantine/core";
import { ZCompleteAccountFormSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useApiSubmit } from "../../../lib/forms/use-api-submit";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useCompleteAccount } from "../api/complete-account";
import type { TInvitationInfo } from "../api/invitation";
import { NewPasswordFields } from "../components/new-password-fields";
import { PersonFields } from "../components/person-fields";
import { ZCompleteSupplierFormSchema } from "./complete-account-schema";

interface TCompleteAccountFormProps {
  token: string;
  invitation: TInvitationInfo;
  withCompany: boolean;
}

/** The invited person checks name and phone (and company) and chooses a password. */
export function CompleteAccountForm({ token, invitation, withCompany }: TCompleteAccountFormProps) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const complete = useCompleteAccount();
  const form = useSchemaForm({
    confirm: { password: "password", confirmation: "confirmPassword" },
    schema: withCompany ? ZCompleteSupplierFormSchema : ZCompleteAccountFormSchema,
    initialValues: {
      name: invitation.name,
      phone: invitation.phone ?? "",
      companyName: invitation.companyName ?? "",
      password: "",
      confirmPassword: "",
    },
  });

  const { error, handleSubmit } = useApiSubmit(form);
  const submit = handleSubmit(async (values) => {
    const { password, name, phone } = ZCompleteAccountFormSchema.parse(values);
    const companyName = withCompany ? ZCompleteSupplierFormSchema.parse(values).companyName : undefined;
    await complete.mutateAsync({ token, password, name, phone, companyName });
    notifySuccess(t("complete.done"));
    await navigate("/auth/sign-in/default", { replace: true });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.email")} value={invitation.email} readOnly variant="filled" />
        {withCompany ? (
          <TextInput
            label={t("fields.companyName")}
            autoComplete="organization"
            {...form.getInputProps("companyName")}
          />
        ) : null}
        <PersonFields form={form} />
        <NewPasswordFields form={form} label={t("fields.password")} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("complete.submit")}
        </Button>
      </Stack>
    </form>
  );
}
