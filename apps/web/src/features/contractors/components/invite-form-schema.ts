import { ZCompanyNameSchema, ZEmailSchema, ZPersonNameSchema } from "@openpermit/shared";
import { z } from "zod";

/** An empty optional field is left out; a filled one follows the shared rules. */
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => undefined), schema]);

/** The invitation form: the e-mail, and the names used only when the contractor has no account yet. */
export const inviteContractorSchema = z.object({
  email: ZEmailSchema,
  companyName: optional(ZCompanyNameSchema),
  contactName: optional(ZPersonNameSchema),
});

export interface TInviteFormValues extends Record<string, unknown> {
  email: string;
  companyName: string;
  contactName: string;
}
