/**
 * Errors as the log may keep them: never a query's parameters (docs/decisions.md, "Errors are logged without their
 * queries' data"). A failed drizzle query is a `DrizzleQueryError` whose message, stack and `params` hold every value the query was given — a person's name, an
 * e-mail, a password's hash — and a PostgreSQL error's `detail` quotes the failing row ("Failing row contains (…)",
 * "Key (email)=(…) already exists"). The SQL text stays (its values are placeholders), and so do the error's class,
 * SQLSTATE code, constraint, table and column: enough to find the fault, nothing of the data.
 */

/** Properties of an error (or its causes) that carry the data a query was given. */
const DATA_KEYS = new Set(["params", "parameters", "detail", "internalQuery"]);
/** drizzle's message and stack append `\nparams: <the values>` after the SQL. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
const CENSOR = "[redacted]";

/** A message or stack with the parameters' line censored. */
export const withoutParams = (text: string) => text.replace(PARAMS_LINE, `\nparams: ${CENSOR}`);

/** The `err` serializer of every logger: pino's shape (type, message, stack, own fields, causes) without the data. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? "Error",
    message: withoutParams(error.message),
    stack: error.stack === undefined ? undefined : withoutParams(error.stack),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || key in out) continue;
    out[key] = DATA_KEYS.has(key) ? CENSOR : value;
  }
  if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
