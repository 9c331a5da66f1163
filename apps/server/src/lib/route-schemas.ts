import { ZErrorSchema } from "@openpermit/shared";

/** Every route documents its refusals in the one error shape (product.md §5). */
export const ERROR_RESPONSES = { "4xx": ZErrorSchema, "5xx": ZErrorSchema } as const;
