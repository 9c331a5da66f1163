import { z } from "zod";
import { ROLES } from "../auth/roles";
import { ZAccountStatusSchema } from "./profile";

/**
 * The admin's view of one enterprise, beyond its profile (GET /api/admin/enterprises/:id). Admin only; an unknown
 * enterprise is 404.
 * GET /api/admin/enterprises/:id/divisions?page&pageSize → ZPageSchema(TAdminEnterpriseDivision), by name.
 * GET /api/admin/enterprises/:id/users?page&pageSize → ZPageSchema(TAdminEnterpriseUser): its Enterprise accounts
 * and its managers, by role then name.
 * GET /api/admin/enterprises/:id/activity → `{ data: TAdminEnterpriseActivity }`.
 */
export const ZAdminEnterpriseDivisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  /** Live sectors (deleted ones are not counted). */
  sectorCount: z.number().int(),
  /** SuperResponsible and Responsible people of the division. */
  managerCount: z.number().int(),
});
export type TAdminEnterpriseDivision = z.infer<typeof ZAdminEnterpriseDivisionSchema>;

export const ZAdminEnterpriseUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: ZAccountStatusSchema,
  division: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The last successful sign-in (null: never signed in). */
  lastSignInAt: z.iso.datetime().nullable(),
});
export type TAdminEnterpriseUser = z.infer<typeof ZAdminEnterpriseUserSchema>;

export const ZAdminEnterpriseActivitySchema = z.object({
  /** The last 6 calendar months (UTC), oldest first, the current one last: permits sent for the first time. */
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), permitsSent: z.number().int() })),
  /** The most recent successful sign-in of any of its people (null: none yet). */
  lastSignInAt: z.iso.datetime().nullable(),
  /** Its people who signed in during the last 30 days. */
  activeUsers30Days: z.number().int(),
});
export type TAdminEnterpriseActivity = z.infer<typeof ZAdminEnterpriseActivitySchema>;
