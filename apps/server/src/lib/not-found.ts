import { AppError } from "./app-error";

/** The 404 of an object the caller may not see or that does not exist: the same answer for both. */
export const notFound = (what: string) => new AppError("NOT_FOUND", `This ${what} does not exist.`);

/** The row a lookup found, or the 404 of `what` when it found none. */
export function found<T>(row: T | undefined, what: string): T {
  if (!row) throw notFound(what);
  return row;
}
