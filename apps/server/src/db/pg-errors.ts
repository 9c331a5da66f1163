/**
 * PostgreSQL's error codes (SQLSTATE) as the app reads them. Drizzle wraps the driver's error in its own and keeps
 * it as the cause: every check walks the `cause` chain once, here.
 */

/** The first error of the `cause` chain with a PostgreSQL code the predicate accepts, if any. */
function findPgError(error: unknown, accepts: (pg: { code?: string; constraint?: string }) => boolean) {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (accepts(pg)) return pg;
  }
  return undefined;
}

/** Whether the error (or one it wraps) carries one of these SQLSTATE codes. */
export const hasPgCode = (error: unknown, ...codes: string[]): boolean =>
  findPgError(error, (pg) => pg.code !== undefined && codes.includes(pg.code)) !== undefined;

/** PostgreSQL's unique violation on one named constraint or index. */
export const violates = (error: unknown, constraint: string): boolean =>
  findPgError(error, (pg) => pg.code === "23505" && pg.constraint === constraint) !== undefined;

/** PostgreSQL's unique-violation (any constraint): e.g. a second account racing for the same e-mail. */
export const isUniqueViolation = (error: unknown): boolean => hasPgCode(error, "23505");

/** A row still names the one being deleted: `restrict_violation` (ON DELETE RESTRICT) or a foreign-key violation. */
export const isStillReferenced = (error: unknown): boolean => hasPgCode(error, "23001", "23503");

/**
 * PostgreSQL's refusals of the text itself: a NUL character (22021), or a `\u0000` escape inside JSON (22P05).
 * zod lets both through as strings; no column can hold them, so they are the client's invalid input, not a fault.
 */
export const isUnstorableText = (error: unknown): boolean => hasPgCode(error, "22021", "22P05");

/** An invalid parameter value (22023), e.g. a time zone PostgreSQL does not know. */
export const isInvalidParameter = (error: unknown): boolean => hasPgCode(error, "22023");
