import type { z } from "zod";
import { ApiError } from "./api-error";

/**
 * Checks a success body against the shared schema. A mismatch is a contract bug: it is logged with
 * its details and reaches the user as a server error.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error("Unexpected answer from the server", parsed.error.issues);
  throw new ApiError(200, "SERVER_ERROR", "Unexpected answer from the server");
}

/** The `data` of a `{ data }` answer, checked. */
export function parseData<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  return parseBody(schema, (body as { data?: unknown } | null | undefined)?.data);
}
