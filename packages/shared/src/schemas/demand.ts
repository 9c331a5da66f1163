import { z } from "zod";
import { LIMITS, V } from "../validation";

export const DEMAND_KINDS = ["affiliation", "enterprise_account", "credits"] as const;
export const DEMAND_STATUSES = ["pending", "approved", "denied", "cancelled"] as const;
export const ZDemandKindSchema = z.enum(DEMAND_KINDS);
export const ZDemandStatusSchema = z.enum(DEMAND_STATUSES);
export type TDemandStatus = z.infer<typeof ZDemandStatusSchema>;

/** An enterprise-account demand as the admin sees it. */
export const ZEnterpriseAccountDemandSchema = z.object({
  id: z.string(),
  kind: z.literal("enterprise_account"),
  status: ZDemandStatusSchema,
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  remark: z.string().nullable(),
  enterprise: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  requester: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
});
export type TEnterpriseAccountDemand = z.infer<typeof ZEnterpriseAccountDemandSchema>;

/** The kinds the admin decides: GET /api/admin/demands?kind=… lists one of them (enterprise accounts by default). */
export const ADMIN_DEMAND_KINDS = ["enterprise_account", "credits"] as const;
export type TAdminDemandKind = (typeof ADMIN_DEMAND_KINDS)[number];

export const ZDemandListQuerySchema = z.object({
  kind: z.enum(ADMIN_DEMAND_KINDS).default("enterprise_account"),
  status: ZDemandStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZDecideDemandSchema = z.object({
  remark: z.string().trim().max(LIMITS.long, V.max250).optional(),
});

/**
 * The admin's denial of an enterprise's account or credits request says why: the enterprise reads it (the server
 * refuses a denial without one, 400 with `remark: descriptionRequired`).
 */
export const ZDenialReasonSchema = z.object({
  remark: z.string().trim().min(1, V.descriptionRequired).max(LIMITS.long, V.max250),
});
