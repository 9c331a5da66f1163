import { z } from "zod";
import { ROLES } from "../auth/roles";
import { V } from "../validation";
import { AT_LEAST_ONE_FIELD, ZLanguageSchema, ZPersonNameSchema, ZPhoneSchema } from "./common";

/** A division or a supplier as the parent of a person (docs/domain.md, Session and tokens). */
export const ZParentSchema = z.object({
  id: z.string(),
  name: z.string(),
  enterpriseId: z.string().nullable(),
  enterpriseName: z.string().nullable(),
});
export type TParent = z.infer<typeof ZParentSchema>;

export const ACCOUNT_STATUSES = [
  "invited",
  "pending_confirmation",
  "pending_verification",
  "active",
  "disabled",
] as const;
export const ZAccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatusSchema>;

/** GET /api/{role}/{id}: the profile record (docs/domain.md, Session and tokens). */
export const ZProfileRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Employee: the supplier it belongs to. */
  fournisseur: ZParentSchema.optional(),
  /** Responsible, SuperResponsible: the division it belongs to. */
  division: ZParentSchema.optional(),
  /** Enterprise and Supplier accounts: their own company. */
  company: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type TProfileRecord = z.infer<typeof ZProfileRecordSchema>;

export const ZProfileParamsSchema = z.object({ role: z.string(), id: z.string() });

/** GET /api/auth/me: the signed-in person's own account. */
export const ZMeSchema = ZProfileRecordSchema.extend({
  phone: z.string().nullable(),
  language: ZLanguageSchema,
  status: ZAccountStatusSchema,
  createdAt: z.iso.datetime(),
});
export type TMe = z.infer<typeof ZMeSchema>;

/** PATCH /api/auth/me: at least one field. */
export const ZUpdateMeSchema = z
  .object({ name: ZPersonNameSchema, phone: ZPhoneSchema, language: ZLanguageSchema })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .meta(AT_LEAST_ONE_FIELD);
export type TUpdateMe = z.infer<typeof ZUpdateMeSchema>;
