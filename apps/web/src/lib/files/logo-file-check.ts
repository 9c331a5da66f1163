import { LOGO_MAX_BYTES, LOGO_TYPES } from "@openpermit/shared";
import { isApiError } from "../api/api-error";

/** Why a logo cannot be used: a key under `logo.` in the namespace of the field's texts. */
export type TLogoProblem = "wrongType" | "tooLarge";

/** Checks a chosen file before it travels (the server checks the content again). */
export function logoFileProblem(file: File | null): TLogoProblem | null {
  if (!file) return null;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "wrongType";
  if (file.size > LOGO_MAX_BYTES) return "tooLarge";
  return null;
}

/** The server's refusals of the file itself, shown on the field in the same words as the local check. */
export function logoUploadProblem(error: unknown): TLogoProblem | null {
  if (!isApiError(error)) return null;
  if (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.status === 415) return "wrongType";
  if (error.code === "PAYLOAD_TOO_LARGE" || error.status === 413) return "tooLarge";
  return null;
}
