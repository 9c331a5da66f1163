import { V, ZEmailSchema, ZPersonNameSchema, ZPhoneSchema } from "@openpermit/shared";
import { z } from "zod";

const ZDivisionId = z.string().min(1, V.divisionRequired);

/** Inviting: every field (the role comes from the tab, the division is fixed for a super-responsible). */
export const inviteManagerSchema = z.object({
  name: ZPersonNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema,
  divisionId: ZDivisionId,
});

/**
 * Editing: the e-mail does not change. A phone may stay empty only while the manager has none
 * (PATCH cannot clear it).
 */
export function editManagerSchema(phoneRequired: boolean) {
  const optionalPhone = z
    .string()
    .trim()
    .refine((value) => value === "" || ZPhoneSchema.safeParse(value).success, V.invalidNumberFormat);
  return z.object({
    name: ZPersonNameSchema,
    email: z.string(),
    phone: phoneRequired ? ZPhoneSchema : optionalPhone,
    divisionId: ZDivisionId,
  });
}

export interface TManagerFormValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  divisionId: string;
}
