import { ZCompanyNameSchema, ZCompleteAccountFormSchema } from "@openpermit/shared";

/** complete/supplier also names the invited company (web-only: the shared form has no company name). */
export const ZCompleteSupplierFormSchema = ZCompleteAccountFormSchema.safeExtend({ companyName: ZCompanyNameSchema });
