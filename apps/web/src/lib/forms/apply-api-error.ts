import type { UseFormReturnType } from "@mantine/form";
import { isApiError, type TClientErrorCode } from "../api/api-error";
import { focusFirstError } from "./use-schema-form";

/**
 * Puts a failed call's field errors on the form: `error.fields` (field → validation key) and, for codes
 * that are about one field (EMAIL_EXISTS → email), the code itself. Values are left as typed.
 * Returns true when something landed on a field, so the caller can skip the general alert.
 */
export function applyApiError<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fieldOfCode: Partial<Record<TClientErrorCode, string>> = {},
): boolean {
  if (!isApiError(error)) return false;
  const values = form.getValues() as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(error.fields)) {
    if (field in values) errors[field] = key;
  }
  const field = fieldOfCode[error.code];
  if (field) errors[field] = `errors:${error.code}`;
  for (const [path, key] of Object.entries(errors)) form.setFieldError(path, key);
  focusFirstError(form, errors);
  return Object.keys(errors).length > 0;
}
