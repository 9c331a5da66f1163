import { z } from "zod";
import { STANDINGS } from "../compliance/standing";
import { ERROR_CODES, IMPORT_ROW_ERRORS } from "../errors";
import { LANGUAGES } from "../languages";
import { EMAIL_PATTERN, LIMITS, V } from "../validation";

/** `{ data }`: the envelope of every success answer (docs/domain.md, Conventions on the wire). */
export const ZDataSchema = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ data, page, pageSize, total }`: the envelope of every list answer. */
export const ZPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const ZPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuerySchema>;

/** One thing a compliance gate finds missing (errors.ts, TComplianceGap). */
export const ZComplianceGapSchema = z.object({
  person: z.string().nullable(),
  requirement: z.string(),
  standing: z.enum(STANDINGS),
});

export const ZErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
    rows: z.array(z.object({ row: z.number().int(), errors: z.array(z.enum(IMPORT_ROW_ERRORS)) })).optional(),
    gaps: z.array(ZComplianceGapSchema).optional(),
  }),
});

export const ZIdSchema = z.uuid({ error: V.invalidValue });
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/**
 * A trimmed string whose absence (undefined or null) reports `required`, and any other non-string
 * `invalidValue`. Required checks use `abort: true`: an empty field reports "required" alone, not also
 * "too short".
 */
const trimmed = (required: string = V.invalidValue) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : V.invalidValue) })
    .trim();

/**
 * How the API document states rules the server checks in code (a refinement, or a pipe whose output side the
 * document does not show): so a client, or a fuzzer, reading the document knows them. Each is stated as loosely as
 * the server reads the value (before trimming), never more strictly.
 */
export const AT_LEAST_ONE_FIELD = { minProperties: 1 } as const;

export const ZEmailSchema = trimmed(V.emailRequired)
  .min(1, { error: V.emailRequired, abort: true })
  .max(LIMITS.medium, V.max150)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: V.invalidEmail }))
  .meta({ format: "email" });

export const ZPersonNameSchema = trimmed(V.nameRequired)
  .min(1, { error: V.nameRequired, abort: true })
  .min(LIMITS.nameMin, V.min2)
  .max(LIMITS.short, V.max50);

export const ZCompanyNameSchema = trimmed(V.companyNameRequired)
  .min(1, { error: V.companyNameRequired, abort: true })
  .min(LIMITS.nameMin, V.min2)
  .max(LIMITS.short, V.max50);

/** International or local phone numbers: digits with optional +, spaces, dots, dashes, parentheses. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{6,20}$/;
export const ZPhoneSchema = trimmed(V.phoneRequired)
  .min(1, { error: V.phoneRequired, abort: true })
  .refine((v) => PHONE_PATTERN.test(v) && (v.match(/[0-9]/g)?.length ?? 0) >= 6, V.invalidNumberFormat)
  // The same rule for the document: spaces around allowed (trimmed first), at least six digits.
  .meta({ pattern: String.raw`^\s*(?=(?:[^0-9]*[0-9]){6})\+?[0-9 ().-]{6,20}\s*$` });

export const ZPasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired, abort: true })
  .min(LIMITS.passwordMin, V.passwordMin8)
  .max(LIMITS.passwordMax, V.passwordMax128);

/** A required text of at most `max` characters (trimmed), reporting `required` when empty. */
export const requiredText = (required: string, max: 50 | 150 | 250) =>
  trimmed(required)
    .min(1, { error: required, abort: true })
    .max(max, max === 50 ? V.max50 : max === 150 ? V.max150 : V.max250);

/** A list query: page, page size and an optional search text. */
export const ZSearchPageQuerySchema = ZPageQuerySchema.extend({
  q: z.string().trim().max(LIMITS.short).optional(),
});

/**
 * `?enterpriseId` of the routes that read an enterprise's configuration a permit needs (work types, risks,
 * specific risks, the enterprise's EPIs, what applies, the risk matrix and criticality, sectors, sub-sectors). A
 * contractor (Supplier, Employee) must name an enterprise its supplier is affiliated with (400 without it, 404
 * COMPANY_NOT_LISTED for any other); principal staff may leave it out, or name their own (404 otherwise).
 */
export const ZEnterpriseReadQuerySchema = z.object({ enterpriseId: ZIdSchema.optional() });

export const ZCodeSchema = trimmed(V.codeFormat).regex(/^[0-9]{6}$/, V.codeFormat);

export const ZLanguageSchema = z.enum(LANGUAGES);
