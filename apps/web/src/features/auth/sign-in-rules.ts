import { type FormErrors, matches } from "@mantine/form";
import { EMAIL_PATTERN, LIMITS, V } from "@openpermit/shared";

export type TSignInValues = {
  email: string;
  password: string;
};

/**
 * The sign-in form's checks: the shared `ZSignInSchema`'s rules, without zod, which the first page then need not
 * load (sign-in-rules.test.ts holds them to the schema's messages). The server checks the schema itself.
 */
export function signInErrors(values: TSignInValues): FormErrors {
  const errors: FormErrors = {};
  const email = values.email.trim();
  // The schema's own pattern (Mantine's `isEmail` would refuse "o'neil@…", which the schema accepts).
  const emailError =
    email.length === 0
      ? V.emailRequired
      : email.length > LIMITS.medium
        ? V.max150
        : matches(EMAIL_PATTERN, V.invalidEmail)(email);
  if (emailError) errors.email = emailError;
  if (values.password.length === 0) errors.password = V.passwordRequired;
  else if (values.password.length > LIMITS.passwordMax) errors.password = V.passwordMax128;
  return errors;
}

/** What is sent: the e-mail address trimmed, as the schema would. */
export const signInBody = (values: TSignInValues): TSignInValues => ({
  email: values.email.trim(),
  password: values.password,
});
