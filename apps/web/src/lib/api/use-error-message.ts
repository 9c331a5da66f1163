import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "./api-error";

/** Translates a failed call by its code (`errors` namespace); never shows the server's text. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation("errors");
  return useCallback(
    (error: unknown) => {
      const code = isApiError(error) ? error.code : "SERVER_ERROR";
      // The facts a refusal carries (`error.details`, e.g. the isolations' tags) may be named in its message.
      const details = isApiError(error) ? error.details : {};
      return t(code, { ...details, defaultValue: t("SERVER_ERROR") });
    },
    [t],
  );
}
