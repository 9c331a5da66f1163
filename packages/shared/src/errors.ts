import type { TStanding } from "./compliance/standing";

/**
 * Error codes of the API and the HTTP status each one travels with.
 * The web app translates codes (never messages); see the locales' `errors` namespace.
 * The comment after a code is the message of the original specification it stands for.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401, // Incorrect email address or password
  REFRESH_FAILED: 401,
  SIGNATURE_PASSWORD_INVALID: 401, // the password given to sign a permit is not the signer's (nothing signed)
  ACCOUNT_INACTIVE: 403, // Account under verification (inactive)
  ACCOUNT_DISABLED: 403,
  ACCOUNT_NOT_CONFIRMED: 403,
  FORBIDDEN: 403,
  ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404, // This user does not exist
  NO_ACCOUNT_FOR_EMAIL: 404, // No account found with this email
  OLD_PASSWORD_INVALID: 400, // Old password invalid
  SECURITY_CODE_INVALID: 400, // Security code invalid
  SECURITY_CODE_EXPIRED: 400,
  INVITATION_INVALID: 400,
  CONFIRMATION_FAILED: 400, // Confirmation failed
  PROFILE_UPDATE_FAILED: 400, // Profile update failed
  EMAIL_EXISTS: 409, // Email already exists
  CONFLICT: 409,
  METHOD_NOT_ALLOWED: 405, // the path exists, not with this method (the answer's Allow header names those it takes)
  REQUEST_TIMEOUT: 408, // the request did not arrive in time
  PAYLOAD_TOO_LARGE: 413,
  STORAGE_QUOTA_EXCEEDED: 413, // the company's files would pass its storage quota (`details.quotaBytes`, `usedBytes`)
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431, // the request's headers are larger than the server reads
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  TOO_MANY_EMAILS: 429, // the e-mails one address may receive, or one caller may cause, this hour are spent (`details.retryAfterSeconds`)
  CODE_SEND_FAILED: 502, // Failed to send the verification code
  SERVER_ERROR: 500, // Server error
  SERVICE_UNAVAILABLE: 503,
  // Later capabilities (organisation, contractors, permits) use these.
  CONTRACTOR_INVALID: 404, // Contractor invalid or nonexistent
  CONTRACTOR_OR_COMPANY_NOT_LISTED: 404, // Contractor or company not listed
  COMPANY_NOT_LISTED: 404, // Company not listed
  NO_PERMIT_MANAGER: 409, // No permit manager for this sector
  NO_PERMIT_CREDITS: 409, // the enterprise has no permit credit left to send a new permit
  OUTSIDE_PERMIT_WINDOW: 409, // work started before its window (less the enterprise's grace) or after its end
  SECTOR_DELETED: 409, // Sector or sub-sector deleted
  DIVISION_REQUIRED: 409, // You must create a division first
  SECTOR_REQUIRED: 409, // You must create a sector first
  DIVISION_NOT_EMPTY: 409, // a division that still holds sectors, people or records (`error.details`: { sectors, people, permits, emergencies })
  DIVISION_NAME_TAKEN: 409, // division names are unique within an enterprise (case-insensitive)
  SECTOR_NUMBER_TAKEN: 409, // sector numbers are unique within a division
  IMPORT_INVALID: 400, // a permissions-matrix file with bad rows (each named in `error.rows`)
  ALREADY_AFFILIATED: 409, // an invitation or request to a contractor already affiliated with the enterprise
  AFFILIATION_PENDING: 409, // an invitation or request between the two is already waiting for an answer
  CREDIT_DEMAND_PENDING: 409, // the enterprise already has a credits request waiting for the admin
  PERSON_NAMED_ON_PERMITS: 409, // a person who requested, verified, approved or acted on a permit: disabled, never deleted
  AFFILIATION_ENDED: 403, // a contractor acting on a permit of an enterprise it is no longer affiliated with
  ENTERPRISE_INACTIVE: 403, // a contractor acting on a permit of an enterprise that is not active (disabled by the admin)
  CONTRACTOR_HAS_LIVE_WORK: 409, // detaching a contractor whose work is in progress (`details.permits`: their numbers)
  PERMIT_SUSPENDED: 409, // a suspended permit is held: it starts only once a manager has signed its resumption
  EMERGENCY_IN_FORCE: 409, // an emergency stop holds the permit's sector or division: no start, no resume until lifted
  ISOLATIONS_NOT_IN_PLACE: 409, // start before each isolation the permit needs is applied and proven (`details.tags`)
  GAS_TEST_REQUIRED: 409, // start or resume without a passing gas test no older than the work type's interval
  GAS_IN_USE: 409, // deleting a gas a test has read: disable it instead
  REQUIREMENT_IN_USE: 409, // deleting a compliance requirement evidence names: disable it instead
  COVER_TOO_LOW: 409, // accepting a document whose cover is below its requirement's minimum (`details.minimumCover`, `coverAmount`)
  CLASHES_UNACKNOWLEDGED: 409, // a send, verify or approve while a clash is not acknowledged (`details.permits`)
  ISOLATION_IN_USE: 409, // releasing or deleting an isolation point a live permit needs (`details.permits`)
  COMPLIANCE_DOCUMENTS_MISSING: 409, // affiliating or sending while the contractor lacks a required valid document (`error.gaps`)
  CREW_NOT_COMPLIANT: 409, // starting, or signing on, while a worker lacks a required valid competence or induction (`error.gaps`)
  RISK_MATRIX_EMPTY: 409, // Severity and probability must be added to the table (criticality asked before a matrix exists)
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as TErrorCode[];

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** The body of every error answer: `{ error: { code, message, fields? } }`. */
export interface TApiError {
  code: TErrorCode;
  message: string;
  /** Offending fields (dotted path) → a validation message key (see validation.ts). */
  fields?: Record<string, string>;
  /** Facts that explain a refusal (e.g. what still holds a division: `{ sectors: 2, people: 1 }`). */
  details?: Record<string, number | string>;
  /** IMPORT_INVALID: every bad row of the file, numbered as in the file (header = row 1). */
  rows?: Array<{ row: number; errors: TImportRowErrorCode[] }>;
  /** COMPLIANCE_DOCUMENTS_MISSING, CREW_NOT_COMPLIANT: who lacks what (the client builds the sentence). */
  gaps?: TComplianceGap[];
}

/**
 * One thing a compliance gate found missing: the person (null: the company, or nobody of a crew holds a
 * requirement one of them must), the requirement's name (the enterprise's own words) and where it stands.
 */
export interface TComplianceGap {
  person: string | null;
  requirement: string;
  standing: TStanding;
}

/** Why an imported permissions-matrix (or isolation register) row was refused. */
export const IMPORT_ROW_ERRORS = [
  "unknownEmail", // no manager of the caller's scope has this e-mail
  "notAManager", // the e-mail is a person who is not a permit manager
  "unknownSector", // no sector with this number or name
  "otherDivisionSector", // the sector exists, but in another division than the manager's
  "badRole", // not one of Verifier, Approver, Both, None
  "missingValue", // an empty cell
  "duplicateRow", // the same manager and sector twice (isolations: the same tag twice)
  "badEnergy", // isolations: not one of the energies (electrical, mechanical, hydraulic, pneumatic, process, thermal, chemical)
  "unknownSubSector", // isolations: no sub-sector of that name in the row's sector
  "badValue", // isolations: a text too long, or a position that is not two percentages from 0 to 100
] as const;
export type TImportRowErrorCode = (typeof IMPORT_ROW_ERRORS)[number];
