import { type TEmployee, ZEmailSchema, ZOptionalPhoneSchema, ZPersonNameSchema } from "@openpermit/shared";
import { z } from "zod";
import type { TEmployeeUpdate } from "../api/update-employee";

/** Inviting: name and e-mail, the phone may stay empty. */
export const inviteEmployeeSchema = z.object({
  name: ZPersonNameSchema,
  email: ZEmailSchema,
  phone: ZOptionalPhoneSchema,
});

/** Editing: the e-mail is shown but never sent (it does not change). */
export const editEmployeeSchema = z.object({
  name: ZPersonNameSchema,
  email: z.string(),
  phone: ZOptionalPhoneSchema,
});

export interface TEmployeeFormValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
}

/** The edit's changed fields only; an emptied phone is sent as null (cleared). */
export function employeeChanges(
  employee: TEmployee,
  parsed: { name: string; phone: string | null },
): TEmployeeUpdate | null {
  const changes: TEmployeeUpdate = { id: employee.id };
  if (parsed.name !== employee.name) changes.name = parsed.name;
  if ((parsed.phone || null) !== employee.phone) changes.phone = parsed.phone || null;
  return Object.keys(changes).length > 1 ? changes : null;
}
