import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";

/**
 * A refusal worded with the reasons the server named per field (e.g. the start refused with `crew:
 * crewNotSignedOn`), after the code's message; null when it named none (the dialog then shows the code alone).
 */
export function useFieldRefusal(): (error: unknown) => string | null {
  const { t } = useTranslation("validation");
  const message = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return null;
      const reasons = Object.values(error.fields).map((key) => t(key, { defaultValue: key }));
      return reasons.length > 0 ? `${message(error)} ${reasons.join(" · ")}` : null;
    },
    [t, message],
  );
}
