import { TextInput, type TextInputProps } from "@mantine/core";

/** An e-mail field as phones and password managers expect it: the e-mail keyboard and autofill. */
export function EmailInput(props: TextInputProps) {
  return <TextInput type="email" autoComplete="email" inputMode="email" {...props} />;
}
