import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import type { TClientErrorCode } from "../api/api-error";
import { applyApiError } from "./apply-api-error";

/**
 * A form's submit that sends to the API: a refusal about a field lands on that field, any other is kept in
 * `error` for the form's ApiErrorAlert, and a new submit clears the last one.
 */
export function useApiSubmit<Values>(
  form: UseFormReturnType<Values>,
  fieldOfCode: Partial<Record<TClientErrorCode, string>> = {},
) {
  const [error, setError] = useState<unknown>(null);
  const handleSubmit = (send: (values: Values) => Promise<void>) =>
    form.onSubmit(async (values) => {
      setError(null);
      try {
        await send(values);
      } catch (caught) {
        if (!applyApiError(form, caught, fieldOfCode)) setError(caught);
      }
    });
  return { error, handleSubmit };
}
