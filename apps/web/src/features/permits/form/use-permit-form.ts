import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../../../lib/forms/use-schema-form";
import type { TPermitFormValues } from "./permit-form-values";

/**
 * The request form's state. Validation is run by the page (saving and sending need different things), so the
 * form only holds values and errors; errors are keys, translated when shown (a language switch re-translates).
 */
export function usePermitForm(initialValues: TPermitFormValues) {
  const { t } = useTranslation(["validation", "errors"]);
  return useForm<TPermitFormValues>({
    mode: "controlled",
    initialValues,
    // A value changed clears its own error: the user sees at once that it is fixed.
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ inputProps }) => ({ error: translateFieldError(t, inputProps.error) }),
  });
}
export type TPermitForm = ReturnType<typeof usePermitForm>;

/** Puts field errors (path → key) on the form and moves the focus to the first one. */
export function showFieldErrors(form: TPermitForm, errors: Record<string, string>): boolean {
  const entries = Object.entries(errors);
  form.setErrors(Object.fromEntries(entries));
  const first = entries[0]?.[0];
  if (first) {
    const node = form.getInputNode(first as never) ?? document.querySelector<HTMLElement>(`[data-path="${first}"]`);
    node?.focus();
  }
  return entries.length > 0;
}
