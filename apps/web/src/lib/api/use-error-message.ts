import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../forms/translate-field-error";
import { isApiError } from "./api-error";
import { describeGaps } from "./compliance-gaps";

/** Translates a failed call by its code (`errors` namespace); never shows the server's text. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation(["errors", "complianceGates", "validation"]);
  return useCallback(
    (error: unknown) => {
      const code = isApiError(error) ? error.code : "SERVER_ERROR";
      // The facts a refusal carries (`error.details`, e.g. the isolations' tags) may be named in its message, and a
      // compliance gate's `error.gaps` as who lacks what.
      const details = isApiError(error) ? error.details : {};
      const gaps =
        isApiError(error) && error.gaps.length > 0 ? describeGaps(t, error.gaps, code === "CREW_NOT_COMPLIANT") : "";
      const message = t(code, { ...details, gaps, defaultValue: t("SERVER_ERROR"), ns: "errors" });
      // What is not valid, said too: a refusal met where its fields are not on screen (a dialog's send, a row's
      // action) would otherwise leave the reader guessing which.
      const fields = isApiError(error) ? [...new Set(Object.values(error.fields))] : [];
      if (code !== "VALIDATION_FAILED" || fields.length === 0) return message;
      return [message, ...fields.map((key) => String(translateFieldError(t, key)))].join(" ");
    },
    [t],
  );
}
