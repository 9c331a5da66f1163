import { V, ZLanguageSchema, ZPersonNameSchema, ZPhoneSchema } from "@openpermit/shared";
import { z } from "zod";

/**
 * Web-only: the edit form always shows all three fields. A phone may stay empty only while the
 * account has none (PATCH /api/auth/me cannot clear it).
 */
export function profileFormSchema(phoneRequired: boolean) {
  const optionalPhone = z
    .string()
    .trim()
    .refine((value) => value === "" || ZPhoneSchema.safeParse(value).success, V.invalidNumberFormat);
  return z.object({
    name: ZPersonNameSchema,
    phone: phoneRequired ? ZPhoneSchema : optionalPhone,
    language: ZLanguageSchema,
  });
}
