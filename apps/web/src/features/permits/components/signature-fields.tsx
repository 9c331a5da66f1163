import { Checkbox, PasswordInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePasswordToggleProps } from "../../../components/password-toggle";

interface TSignatureFieldsProps {
  /** The declaration's words in the reader's language (the very words the server stores). */
  declarationText: string;
  declaration: boolean;
  onDeclaration: (declared: boolean) => void;
  password: string;
  onPassword: (password: string) => void;
  /** The V keys of what is missing (actionInputMissing / signatureInputMissing), once the signer tried. */
  missing: Record<string, string>;
  /** Enter in the password field signs. */
  onEnter?: () => void;
  /** The dialog opens on the password (false where the dialog asks something before it). */
  focusPassword?: boolean;
}

/** A signature's declaration checkbox and the signer's password, as every signing dialog asks them. */
export function SignatureFields(props: TSignatureFieldsProps) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const toggle = usePasswordToggleProps();
  const { missing } = props;
  return (
    <>
      <Checkbox
        checked={props.declaration}
        onChange={(event) => props.onDeclaration(event.currentTarget.checked)}
        label={props.declarationText}
        error={missing.declaration ? tv(missing.declaration) : undefined}
        data-testid="sign-declaration"
      />
      <PasswordInput
        label={t("sign.password")}
        description={t("sign.passwordHint")}
        withAsterisk
        autoComplete="current-password"
        value={props.password}
        onChange={(event) => props.onPassword(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") props.onEnter?.();
        }}
        error={missing.password ? tv(missing.password) : undefined}
        // (An attribute present, even "false", is where Mantine's modal puts the focus.)
        {...(props.focusPassword === false ? {} : { "data-autofocus": true })}
        data-testid="sign-password"
        {...toggle}
      />
    </>
  );
}
