import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from "@mantine/form";
import { V } from "@openpermit/shared";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { afterPointerRelease } from "./after-pointer-release";

import { translateFieldError } from "./translate-field-error";

export { translateFieldError };

/** Moves the keyboard focus to the first field in error, so it is announced and can be fixed. */
export function focusFirstError<Values>(form: UseFormReturnType<Values>, errors: FormErrors = form.errors): void {
  const first = Object.keys(errors)[0];
  if (first) form.getInputNode(first as never)?.focus();
}

interface TSchemaFormInput<Values> extends Omit<UseFormInput<Values>, "validate" | "enhanceGetInputProps"> {
  schema: z.ZodType;
  initialValues: Values;
  /**
   * A password and its confirmation. The shared schemas compare them in an object-level refinement,
   * which zod skips while any field is invalid; the form checks it on its own so the mismatch shows
   * together with the other errors.
   */
  confirm?: { password: keyof Values & string; confirmation: keyof Values & string };
}

function withConfirmation<Values extends Record<string, unknown>>(
  resolve: (values: Values) => FormErrors,
  confirm: TSchemaFormInput<Values>["confirm"],
): (values: Values) => FormErrors {
  if (!confirm) return resolve;
  return (values) => {
    const errors = resolve(values);
    if (!errors[confirm.confirmation] && values[confirm.password] !== values[confirm.confirmation]) {
      return { ...errors, [confirm.confirmation]: V.passwordsMustMatch };
    }
    return errors;
  };
}

/** @mantine/form validated by a shared zod schema, checked on blur, with translated errors. */
export function useSchemaForm<Values extends Record<string, unknown>>({
  schema,
  confirm,
  ...input
}: TSchemaFormInput<Values>): UseFormReturnType<Values> {
  const { t } = useTranslation(["validation", "errors"]);
  const form = useForm<Values>({
    mode: "controlled",
    validateInputOnBlur: true,
    ...input,
    // "first": the first failing rule of a field wins ("Name required" before "At least 2 characters").
    validate: withConfirmation<Values>(zod4Resolver(schema, { errorPriority: "first" }), confirm),
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
