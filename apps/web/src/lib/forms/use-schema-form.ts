import type { FormErrors, UseFormInput, UseFormReturnType } from "@mantine/form";
import { V } from "@openpermit/shared";
import { zod4Resolver } from "mantine-form-zod-resolver";
import type { z } from "zod";
import { translateFieldError } from "./translate-field-error";
import { focusFirstError, useCheckedForm } from "./use-checked-form";

export { focusFirstError, translateFieldError };

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
  return useCheckedForm<Values>({
    ...input,
    // "first": the first failing rule of a field wins ("Name required" before "At least 2 characters").
    validate: withConfirmation<Values>(zod4Resolver(schema, { errorPriority: "first" }), confirm),
  });
}
