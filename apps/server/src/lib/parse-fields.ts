import { V } from "@openpermit/shared";
import type { z } from "zod";
import { AppError } from "./app-error";

/**
 * Parses what a route could not give to its schema itself (a multipart form's text fields): 400 VALIDATION_FAILED
 * with each field's message key, exactly as the error handler answers a body the route's schema refuses.
 */
export function parseFields<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".") || "_";
    fields[path] ??= issue.message && Object.hasOwn(V, issue.message) ? issue.message : V.invalidValue;
  }
  throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", fields);
}
