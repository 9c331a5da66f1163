import { z } from "zod";
import { LIMITS, V } from "../validation";
import { ZDemandStatusSchema, ZEnterpriseAccountDemandSchema } from "./demand";

/**
 * An enterprise is warned (notification `credits.low`, an Alert on its credits card) when a first send leaves
 * this many credits, and again when it leaves none.
 */
export const CREDITS_LOW_THRESHOLD = 5;

/** The most credits one request may ask for. */
export const CREDIT_DEMAND_MAX = 10_000;

/**
 * POST /api/credits/demands (Enterprise) with TCreditDemandInput → 201 `{ data: TCreditDemand }`; a second one while
 * one is pending → 409 CREDIT_DEMAND_PENDING. GET /api/credits/demands?page&pageSize (Enterprise: its own, newest
 * first) → ZPageSchema(TCreditDemand). POST /api/credits/demands/:id/cancel (Enterprise: its own pending one; another
 * enterprise's → 404, already decided → 409) → `{ data: TCreditDemand }`.
 * The admin lists them with GET /api/admin/demands?kind=credits and decides them with POST
 * /api/admin/demands/:id/approve (records the purchase: +quantity on the ledger, noted "request <id>") or
 * /deny (a remark, the reason, is required); a demand already decided → 409.
 */
export const ZCreditDemandInputSchema = z.object({
  quantity: z
    .number({ error: V.invalidValue })
    .int(V.invalidValue)
    .min(1, V.invalidValue)
    .max(CREDIT_DEMAND_MAX, V.invalidValue),
  note: z.string({ error: V.invalidValue }).trim().max(LIMITS.long, V.max250).default(""),
});
export type TCreditDemandInput = z.input<typeof ZCreditDemandInputSchema>;

export const ZCreditDemandSchema = z.object({
  id: z.string(),
  kind: z.literal("credits"),
  status: ZDemandStatusSchema,
  quantity: z.number().int(),
  note: z.string(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The admin's reason for a denial (or remark on an approval). */
  remark: z.string().nullable(),
  enterprise: z.object({ id: z.string(), name: z.string() }),
  /** Who asked (null once that account is gone). */
  requester: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type TCreditDemand = z.infer<typeof ZCreditDemandSchema>;

/** A demand on the admin's demands page: an enterprise's account or its credits. */
export const ZAdminDemandSchema = z.discriminatedUnion("kind", [ZEnterpriseAccountDemandSchema, ZCreditDemandSchema]);
export type TAdminDemand = z.infer<typeof ZAdminDemandSchema>;
