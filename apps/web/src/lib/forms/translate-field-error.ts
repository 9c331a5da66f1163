import { isErrorCode } from "@openpermit/shared";
import type { TFunction } from "i18next";

/**
 * Form errors hold keys: bare validation keys (`max50`, from the shared schemas or the server's
 * `error.fields`) or namespaced ones (`errors:EMAIL_EXISTS`). They are translated when shown, so a
 * language switch re-translates errors already on screen. Its own file: the error messages of every page use it,
 * and must not bring the form library into the first page's code.
 */
export function translateFieldError(t: TFunction, error: unknown): unknown {
  if (typeof error !== "string" || error.length === 0) return error;
  // Some answers name an error code for a field (`{ code: "SECURITY_CODE_INVALID" }`).
  if (isErrorCode(error)) return t(`errors:${error}`);
  return t(error, { ns: "validation", defaultValue: t("validation:invalidValue") });
}
