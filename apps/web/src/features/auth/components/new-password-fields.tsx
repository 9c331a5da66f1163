import { PasswordInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { usePasswordToggleProps } from "../../../components/password-toggle";

interface TNewPasswordFieldsProps {
  label: string;
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
}

/** A new password with its help line, and its confirmation. */
export function NewPasswordFields({ label, password, confirmation }: TNewPasswordFieldsProps) {
  const { t } = useTranslation("auth");
  const toggle = usePasswordToggleProps();
  return (
    <>
      <PasswordInput
        label={label}
        description={t("fields.passwordHelp")}
        autoComplete="new-password"
        {...toggle}
        {...password}
      />
      <PasswordInput label={t("fields.confirmPassword")} autoComplete="new-password" {...toggle} {...confirmation} />
    </>
  );
}
