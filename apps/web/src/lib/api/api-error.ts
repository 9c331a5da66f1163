import {
  IMPORT_ROW_ERRORS,
  isErrorCode,
  STANDINGS,
  type TComplianceGap,
  type TErrorCode,
  type TImportRowErrorCode,
} from "@openpermit/shared";
import { isCancel, isRequestError } from "./request-error";

/** The server's codes plus the one the client makes up when no answer arrives. */
export type TClientErrorCode = TErrorCode | "CONNECTION_ERROR";

export interface TImportRowError {
  /** The row number as in the file (the header is row 1). */
  row: number;
  errors: TImportRowErrorCode[];
}

/** What explains a refusal beyond its code (`error.details`, `error.rows`). */
export interface TApiErrorExtras {
  /** Facts about a refusal, e.g. what still holds a division: `{ sectors: 2, people: 1 }`. */
  details?: Record<string, number | string>;
  /** IMPORT_INVALID: every bad row of the file. */
  rows?: TImportRowError[];
  /** A compliance gate's refusal: who lacks what. */
  gaps?: TComplianceGap[];
}

/** What components get for any failed call; they translate `code`, never show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TClientErrorCode;
  /** Field (dotted path) → validation key or error code, from `error.fields`. */
  readonly fields: Record<string, string>;
  readonly details: Record<string, number | string>;
  readonly rows: TImportRowError[];
  readonly gaps: TComplianceGap[];

  constructor(
    status: number,
    code: TClientErrorCode,
    message: string,
    fields: Record<string, string> = {},
    extras: TApiErrorExtras = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = extras.details ?? {};
    this.rows = extras.rows ?? [];
    this.gaps = extras.gaps ?? [];
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

function readDetails(value: unknown): Record<string, number | string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, number | string] => {
      return typeof entry[1] === "string" || typeof entry[1] === "number";
    }),
  );
}

const isRowError = (value: unknown): value is TImportRowErrorCode =>
  typeof value === "string" && (IMPORT_ROW_ERRORS as readonly string[]).includes(value);

/** Keeps the well-formed rows; an unknown reason is kept out rather than shown raw. */
function readRows(value: unknown): TImportRowError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { row, errors } = (item ?? {}) as { row?: unknown; errors?: unknown };
    if (typeof row !== "number" || !Array.isArray(errors)) return [];
    return [{ row, errors: errors.filter(isRowError) }];
  });
}

/** Keeps the well-formed gaps; one with an unknown standing is kept out rather than shown raw. */
function readGaps(value: unknown): TComplianceGap[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { person, requirement, standing } = (item ?? {}) as Partial<Record<keyof TComplianceGap, unknown>>;
    if (typeof requirement !== "string" || !(STANDINGS as readonly unknown[]).includes(standing)) return [];
    return [{ person: typeof person === "string" ? person : null, requirement, standing } as TComplianceGap];
  });
}

/** Turns a failed call of the client (request-error.ts) into an ApiError (cancellations pass through untouched). */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || isCancel(error)) return error;
  if (!isRequestError(error)) return error;
  const response = error.response;
  if (!response) return new ApiError(0, "CONNECTION_ERROR", error.message);
  const body = response.data as
    | {
        error?: {
          code?: unknown;
          message?: unknown;
          fields?: unknown;
          details?: unknown;
          rows?: unknown;
          gaps?: unknown;
        };
      }
    | undefined;
  const payload = body && typeof body === "object" ? body.error : undefined;
  const code = isErrorCode(payload?.code) ? payload.code : codeForStatus(response.status);
  const message = typeof payload?.message === "string" ? payload.message : error.message;
  return new ApiError(response.status, code, message, readFields(payload?.fields), {
    details: readDetails(payload?.details),
    rows: readRows(payload?.rows),
    gaps: readGaps(payload?.gaps),
  });
}
