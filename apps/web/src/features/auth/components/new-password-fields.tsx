import { PasswordInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { usePasswordToggleProps } from "../../../components/password-toggle";

/** What the fields read of a form whose new password is `password`, confirmed by `confirmPassword`. */
interface TNewPasswordForm {
  getInputProps: (path: "password" | "confirmPassword") => GetInputPropsReturnType;
}

/** A new password with its help line, and its confirmation. */
export function NewPasswordFields({ form, label }: { form: TNewPasswordForm; label: string }) {
  const { t } = useTranslation("auth");
  const toggle = usePasswordToggleProps();
  const password = form.getInputProps("password");
  const confirmation = form.getInputProps("confirmPassword");
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
