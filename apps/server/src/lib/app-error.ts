import { ERROR_STATUS, type TApiError, type TErrorCode } from "@openpermit/shared";

/**
 * What a refusal may carry beyond its fields: facts that explain it, an import's bad rows, and for a 429 when to
 * try again (sent as the Retry-After header).
 */
export type TErrorExtras = Pick<TApiError, "details" | "rows" | "gaps"> & { retryAfterSeconds?: number };

/** A refusal the client caused or may act on: it travels as `{ error: { code, message, fields, details, rows } }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  readonly extras: TErrorExtras;

  constructor(code: TErrorCode, message?: string, fields?: Record<string, string>, extras: TErrorExtras = {}) {
    super(message ?? code);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.fields = fields;
    this.extras = extras;
  }
}

/**
 * A 429 TOO_MANY_ATTEMPTS that says when trying again may succeed: the error handler sends `extras.retryAfterSeconds`
 * as Retry-After (as for any AppError that carries it).
 */
export class TryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message: string) {
    super("TOO_MANY_ATTEMPTS", message, undefined, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
    this.retryAfterSeconds = this.extras.retryAfterSeconds!;
  }
}
