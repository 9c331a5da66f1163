import { TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { EmailInput } from "../../../components/email-input";

interface TPersonFieldsProps {
  form: { getInputProps: (path: "name" | "phone") => GetInputPropsReturnType };
  /** Sign-up asks the e-mail too, between the name and the phone. */
  email?: GetInputPropsReturnType;
}

/** Who the account is for: the person's name and phone (and e-mail on sign-up), with their autofill. */
export function PersonFields({ form, email }: TPersonFieldsProps) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextInput label={t("fields.name")} autoComplete="name" {...form.getInputProps("name")} />
      {email ? <EmailInput label={t("fields.email")} {...email} /> : null}
      <TextInput label={t("fields.phone")} type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
    </>
  );
}
