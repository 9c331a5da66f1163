import { ERROR_STATUS, isErrorCode, V } from "@openpermit/shared";
import type { LightMyRequestResponse } from "fastify";

const ERROR_KEYS = new Set(["code", "message", "fields", "details", "rows"]);

/** What must never reach a client: stack frames, file paths, and PostgreSQL's or the driver's own words. */
const LEAKS: Array<[string, RegExp]> = [
  ["stack trace", /\n\s+at .+[(\s][^\s()]+:\d+:\d+\)?/],
  ["source path", /(\/work\/|node_modules|apps\/server\/src|file:\/\/\/)/],
  ["SQL", /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]{0,200}\b(FROM|VALUES|SET|WHERE)\b/],
  [
    "database error",
    /(syntax error at or near|violates (foreign key|unique|check|not-null) constraint|invalid input syntax for|relation "[a-z_]+"|duplicate key value|column "[a-z_]+"|ZodError|drizzle|TypeError|ReferenceError)/i,
  ],
];

const isTextual = (type: string) => /json|text|xml|html|calendar|csv|javascript/.test(type);

/**
 * The problems of one answer, if any: a 5xx; a 4xx whose body is not exactly `{ error: { code, message,
 * fields?, details?, rows? } }` with a known code travelling with its own status; any body that leaks internals.
 * A 2xx body is allowed to echo what the client sent, so only the internals that input cannot produce count there.
 */
export function problemsOf(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const type = String(response.headers["content-type"] ?? "");
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400) problems.push(...errorShapeProblems(response, type));
  if (status < 400 && !isTextual(type)) return problems;
  const text = response.body;
  for (const [name, pattern] of LEAKS) {
    if (status < 400 && (name === "SQL" || name === "database error")) continue;
    if (pattern.test(text)) problems.push(`${name} in the body`);
  }
  return problems;
}

function errorShapeProblems(response: LightMyRequestResponse, type: string): string[] {
  if (!type.startsWith("application/json")) return [`error content type ${type || "(none)"}`];
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    return ["error body is not JSON"];
  }
  if (!parsed || typeof parsed !== "object" || Object.keys(parsed).join() !== "error") return ["not { error }"];
  const error = (parsed as { error: Record<string, unknown> }).error;
  if (!error || typeof error !== "object") return ["error is not an object"];
  const problems: string[] = [];
  const extra = Object.keys(error).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) problems.push(`unexpected error keys ${extra.join(",")}`);
  if (!isErrorCode(error.code)) problems.push(`unknown code ${String(error.code)}`);
  else if (ERROR_STATUS[error.code] !== response.statusCode) {
    problems.push(`code ${error.code} travels with ${ERROR_STATUS[error.code]}, not ${response.statusCode}`);
  }
  if (typeof error.message !== "string" || error.message.length === 0) problems.push("no message");
  if (error.fields !== undefined) {
    const fields = error.fields as Record<string, unknown>;
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) problems.push("fields not a record");
    else {
      for (const [field, key] of Object.entries(fields)) {
        // A field names its message key (validation.ts), or the code of the refusal it caused (EMAIL_EXISTS).
        if (!(typeof key === "string" && (Object.hasOwn(V, key) || isErrorCode(key)))) {
          problems.push(`field ${field}: ${String(key)} is neither a key of V nor an error code`);
        }
      }
    }
  }
  return problems;
}
