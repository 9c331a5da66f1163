import { isErrorCode, type TErrorCode } from "@openpermit/shared";
import { isAxiosError, isCancel } from "axios";

/** The server's codes plus the one the client makes up when no answer arrives. */
export type TClientErrorCode = TErrorCode | "CONNECTION_ERROR";

/** What components get for any failed call; they translate `code`, never show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TClientErrorCode;
  /** Field (dotted path) → validation key or error code, from `error.fields`. */
  readonly fields: Record<string, string>;

  constructor(status: number, code: TClientErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A code for answers without a usable `{ error: { code } }` body (a proxy page, an empty 502...). */
function codeForStatus(status: number): TErrorCode {
  if (status === 400) return "VALIDATION_FAILED";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "SERVICE_UNAVAILABLE";
  return "SERVER_ERROR";
}

function readFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => {
      return typeof entry[1] === "string";
    }),
  );
}

/** Turns whatever axios rejected with into an ApiError (cancellations pass through untouched). */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || isCancel(error)) return error;
  if (!isAxiosError(error)) return error;
  const response = error.response;
  if (!response) return new ApiError(0, "CONNECTION_ERROR", error.message);
  const body = response.data as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined;
  const payload = body && typeof body === "object" ? body.error : undefined;
  const code = isErrorCode(payload?.code) ? payload.code : codeForStatus(response.status);
  const message = typeof payload?.message === "string" ? payload.message : error.message;
  return new ApiError(response.status, code, message, readFields(payload?.fields));
}
