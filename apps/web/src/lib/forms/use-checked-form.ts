import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { afterPointerRelease } from "./after-pointer-release";
import { translateFieldError } from "./translate-field-error";

/** Moves the keyboard focus to the first field in error, so it is announced and can be fixed. */
export function focusFirstError<Values>(form: UseFormReturnType<Values>, errors: FormErrors = form.errors): void {
  const first = Object.keys(errors)[0];
  if (first) form.getInputNode(first as never)?.focus();
}

interface TCheckedFormInput<Values> extends Omit<UseFormInput<Values>, "validate" | "enhanceGetInputProps"> {
  initialValues: Values;
  /** The form's errors for its values: message keys of the `validation` namespace (or `errors` codes). */
  validate: (values: Values) => FormErrors;
}

/**
 * @mantine/form checked on blur and on submit, its errors translated, the focus taken to the first field in error.
 * `useSchemaForm` checks with a shared zod schema; a page that must load without zod (sign-in, the first page)
 * gives its rules here directly.
 */
export function useCheckedForm<Values extends Record<string, unknown>>({
  validate,
  ...input
}: TCheckedFormInput<Values>): UseFormReturnType<Values> {
  const { t } = useTranslation(["validation", "errors"]);
  const form = useForm<Values>({
    mode: "controlled",
    validateInputOnBlur: true,
    ...input,
    validate,
    enhanceGetInputProps: ({ inputProps }) => {
      // Mantine merges what this returns into `inputProps` itself: hold on to its own onBlur now, or the
      // wrapper below would end up calling itself (endless recursion, and no blur validation).
      const validateOnBlur = inputProps.onBlur;
      return {
        error: translateFieldError(t, inputProps.error),
        // Blur validation waits for a held pointer to be released, so the click that caused the blur lands.
        ...(validateOnBlur ? { onBlur: () => afterPointerRelease(() => validateOnBlur()) } : {}),
      };
    },
  });
  return {
    ...form,
    onSubmit: (handleSubmit, handleValidationFailure) =>
      form.onSubmit(handleSubmit, (errors, values, event) => {
        focusFirstError(form, errors);
        handleValidationFailure?.(errors, values, event);
      }),
  };
}
