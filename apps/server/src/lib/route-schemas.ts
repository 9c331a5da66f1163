import { ZErrorSchema } from "@openpermit/shared";

/** Every route documents its refusals in the one error shape (docs/domain.md, Conventions on the wire). */
export const ERROR_RESPONSES = { "4xx": ZErrorSchema, "5xx": ZErrorSchema } as const;
