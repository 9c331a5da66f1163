import type { TErrorCode } from "@openpermit/shared";
import { AppError } from "../lib/app-error";

/** The one way a rule of access/ says no (403). Services never build this error themselves: they call a check. */
export const forbidden = (message = "You may not do this.") => new AppError("FORBIDDEN", message);

/** The answers that refuse a caller: not signed in (401), or not allowed (403, also a contractor whose
 * affiliation ended or whose principal is not active: permits.ts `requireLiveContractor`). Each is audited (audit/refusals.ts). */
export const REFUSAL_CODES: readonly TErrorCode[] = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "AFFILIATION_ENDED",
  "ENTERPRISE_INACTIVE",
];

/** Whether an error code is a refusal of access (as opposed to a fault, a conflict or invalid input). */
export const isRefusal = (code: string) => (REFUSAL_CODES as readonly string[]).includes(code);
