/**
 * Validation message keys. Schemas carry these keys as their messages; the server returns them in
 * `error.fields`, and the web app translates them (locales' `validation` namespace). They cover every
 * validation message the product requires (docs/domain.md, Messages and Constants and limits).
 */
export const V = {
  phoneRequired: "phoneRequired",
  emailRequired: "emailRequired",
  invalidEmail: "invalidEmail",
  nameRequired: "nameRequired",
  companyNameRequired: "companyNameRequired",
  max50: "max50",
  max150: "max150",
  max250: "max250",
  min2: "min2",
  passwordMin8: "passwordMin8",
  passwordMax128: "passwordMax128",
  passwordsMustMatch: "passwordsMustMatch",
  passwordRequired: "passwordRequired",
  addressRequired: "addressRequired",
  descriptionRequired: "descriptionRequired",
  provinceRequired: "provinceRequired",
  postalCodeRequired: "postalCodeRequired",
  countryRequired: "countryRequired",
  divisionRequired: "divisionRequired",
  gatheringPointRequired: "gatheringPointRequired",
  sectorMapRequired: "sectorMapRequired",
  atLeastOneField: "atLeastOneField",
  invalidNumberFormat: "invalidNumberFormat",
  youtubeOnly: "youtubeOnly",
  validUrl: "validUrl",
  httpsRequired: "httpsRequired",
  severityProbabilityRequired: "severityProbabilityRequired",
  newPasswordRequired: "newPasswordRequired",
  codeFormat: "codeFormat",
  invalidValue: "invalidValue",
  /** A date or instant outside the years the API takes (schemas/dates.ts DATE_YEARS). */
  dateOutOfRange: "dateOutOfRange",
  // Risk configuration.
  urlRequired: "urlRequired",
  titleRequired: "titleRequired",
  checklistItemRequired: "checklistItemRequired",
  tooManyItems: "tooManyItems",
  max5000: "max5000",
  placeRequired: "placeRequired",
  invalidColour: "invalidColour",
  duplicateValue: "duplicateValue",
  matrixIncomplete: "matrixIncomplete",
  // Permits.
  max500: "max500",
  endAfterStart: "endAfterStart",
  sectorRequired: "sectorRequired",
  workTypeRequired: "workTypeRequired",
  startRequired: "startRequired",
  endRequired: "endRequired",
  probabilityRequired: "probabilityRequired",
  severityRequired: "severityRequired",
  answerRequired: "answerRequired",
  // Sending is a gate (docs/safety.md): what makes a permit unsafe to send.
  qualificationsMissing: "qualificationsMissing",
  jsaIncomplete: "jsaIncomplete",
  newRiskDescriptionRequired: "newRiskDescriptionRequired",
  checklistIncomplete: "checklistIncomplete",
  checklistReasonRequired: "checklistReasonRequired",
  startInPast: "startInPast",
  windowTooLong: "windowTooLong",
  subSectorRequired: "subSectorRequired",
  // Validity, signatures and close-out (docs/safety.md).
  declarationRequired: "declarationRequired",
  outOfRange: "outOfRange",
  remainingWorkRequired: "remainingWorkRequired",
  areaNotSafe: "areaNotSafe",
  toolsNotRemoved: "toolsNotRemoved",
  peopleNotOut: "peopleNotOut",
  // Isolations (lock-out/tag-out).
  tagRequired: "tagRequired",
  equipmentRequired: "equipmentRequired",
  energyRequired: "energyRequired",
  methodRequired: "methodRequired",
  lockNumberRequired: "lockNumberRequired",
  isolationsNotInPlace: "isolationsNotInPlace",
  // Crew (docs/safety.md): start needs a signed-on worker; a worker is on a limited number of live permits.
  crewNotSignedOn: "crewNotSignedOn",
  workerOnAnotherPermit: "workerOnAnotherPermit",
  workerSignedOn: "workerSignedOn",
  workerNotSignedOn: "workerNotSignedOn",
  // Gas tests: the enterprise's gases and limits, a test's instrument and readings, the start gate.
  unitRequired: "unitRequired",
  gasLimitRequired: "gasLimitRequired",
  gasLimitsOrder: "gasLimitsOrder",
  instrumentRequired: "instrumentRequired",
  calibrationRequired: "calibrationRequired",
  calibrationInFuture: "calibrationInFuture",
  calibrationExpired: "calibrationExpired",
  /** A site induction recorded for a day not begun yet. */
  inductionInFuture: "inductionInFuture",
  readingRequired: "readingRequired",
  readingsIncomplete: "readingsIncomplete",
  gasTestRequired: "gasTestRequired",
  // Extension and shift handover (docs/safety.md).
  extensionNotLater: "extensionNotLater",
  extensionPending: "extensionPending",
  handoverPending: "handoverPending",
  handoverToHolder: "handoverToHolder",
  handoverNoteRequired: "handoverNoteRequired",
  // Clashes (SIMOPS): incompatible work types, and each clash acknowledged with a remark before signing.
  sameWorkType: "sameWorkType",
  pairExists: "pairExists",
  clashRemarkRequired: "clashRemarkRequired",
  clashesUnacknowledged: "clashesUnacknowledged",
  // The company page.
  max2000: "max2000",
  timeFormat: "timeFormat",
  timeRequired: "timeRequired",
  closeAfterOpen: "closeAfterOpen",
  sevenDays: "sevenDays",
  // Statistics periods.
  dateRangeOrder: "dateRangeOrder",
  dateRangeTooLong: "dateRangeTooLong",
  // Compliance requirements: a minimum cover only for a document, the second reminder before the first.
  coverOnlyForDocuments: "coverOnlyForDocuments",
  reminderOrder: "reminderOrder",
} as const;

export type TValidationKey = keyof typeof V;

/**
 * What an e-mail address must look like: zod's own pattern for `z.email()` (validation.test.ts keeps it so), named
 * here so that a check without zod (the sign-in page, the first page loaded) applies the very same rule.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const LIMITS = {
  nameMin: 2,
  short: 50,
  medium: 150,
  long: 250,
  passwordMin: 8,
  // argon2 hashes whatever it is given; a bound keeps a huge password from costing the server.
  passwordMax: 128,
  codeLength: 6,
} as const;
