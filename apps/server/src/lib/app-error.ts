import { ERROR_STATUS, type TErrorCode } from "@openpermit/shared";

/** A refusal the client caused or may act on: it travels as `{ error: { code, message, fields } }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: TErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? code);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.fields = fields;
  }
}
