import { z } from "zod";
import { LIMITS, V } from "../validation";
import { ZCompanyNameSchema, ZEmailSchema } from "./common";
import { ZOptionalPhoneSchema, ZOptionalUrlSchema } from "./contractors";
import { ZHttpUrlSchema, ZIconSchema } from "./risks";
import { youtubeVideoId, youtubeWatchUrl } from "./youtube";

/**
 * The enterprise's company page: what contractors read before and while they work on its site.
 *
 * GET /api/enterprise/company (Enterprise; its SuperResponsible and Responsible read it) → `{ data: TCompanyPage }`;
 * PUT /api/enterprise/company (Enterprise) with TCompanyPageInput (the whole page) → `{ data }`;
 * PUT /api/enterprise/company/logo (Enterprise; multipart, field `logo`, LOGO_TYPES, LOGO_MAX_BYTES) → `{ data }`;
 * DELETE /api/enterprise/company/logo (Enterprise; idempotent) → `{ data }`;
 * GET /api/enterprises/:id/company → `{ data: TCompanyPage }`, GET /api/enterprises/:id/company/links?page →
 * the useful links (a page), GET /api/enterprises/:id/company/logo?v → the image bytes: for the enterprise's
 * own staff, and for a Supplier or Employee whose company is affiliated with it now (an enterprise that is not
 * active, or only invited, requested or detached, answers 404 COMPANY_NOT_LISTED, as one that does not exist).
 *
 * The page never carries the purchase summary: the enterprise reads that from GET /api/credits.
 */

export const COMPANY_PAGE_LIMITS = { text: 2000, videos: 10, socialLinks: 10 } as const;

export const SOCIAL_NETWORKS = ["linkedin", "facebook", "x", "instagram", "youtube", "other"] as const;
export const ZSocialNetworkSchema = z.enum(SOCIAL_NETWORKS, { error: V.invalidValue });
export type TSocialNetwork = z.infer<typeof ZSocialNetworkSchema>;

/** Monday first, as the week of business hours is stored (index 0 = Monday). */
export const WEEK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** "" or null clears an optional text; otherwise trimmed, at most 2000 characters. */
const ZOptionalLongTextSchema = z.union([
  z.literal("").transform(() => null),
  z.null(),
  z.string({ error: V.invalidValue }).trim().max(COMPANY_PAGE_LIMITS.text, V.max2000),
]);

const ZOptionalAddressSchema = z.union([
  z.literal("").transform(() => null),
  z.null(),
  z.string({ error: V.invalidValue }).trim().max(LIMITS.medium, V.max150),
]);

/** A YouTube video URL (see youtube.ts), stored as its canonical watch URL. */
export const ZYoutubeUrlSchema = z
  .string({ error: V.youtubeOnly })
  .trim()
  .transform((value, ctx) => {
    const id = youtubeVideoId(value);
    if (id) return youtubeWatchUrl(id);
    ctx.addIssue({ code: "custom", message: V.youtubeOnly });
    return z.NEVER;
  });

/** An https URL (a social profile is never reached over plain http: an http one is told so, not just "invalid"). */
export const ZHttpsUrlSchema = ZHttpUrlSchema.refine(
  (url) => url.toLowerCase().startsWith("https://"),
  V.httpsRequired,
);

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const ZTimeSchema = z.union([z.literal("").transform(() => null), z.null(), z.string().regex(TIME, V.timeFormat)], {
  error: V.timeFormat,
});

/** One day: Closed, or open from `open` to `close` ("HH:mm", same day, open before close). */
export const ZBusinessDayInputSchema = z
  .object({ closed: z.boolean({ error: V.invalidValue }), open: ZTimeSchema, close: ZTimeSchema })
  .superRefine((day, ctx) => {
    if (day.closed) return;
    if (!day.open) ctx.addIssue({ code: "custom", path: ["open"], message: V.timeRequired });
    if (!day.close) ctx.addIssue({ code: "custom", path: ["close"], message: V.timeRequired });
    // Zod runs this even when a time failed its format: only two well-formed times are compared.
    if (day.open && day.close && TIME.test(day.open) && TIME.test(day.close) && day.open >= day.close) {
      ctx.addIssue({ code: "custom", path: ["close"], message: V.closeAfterOpen });
    }
  })
  // A closed day keeps no times, so a reopened one starts from what is typed then.
  .transform((day) => (day.closed ? { closed: true, open: null, close: null } : day));

/** Monday..Sunday, exactly seven days. */
export const ZBusinessHoursInputSchema = z
  .array(ZBusinessDayInputSchema, { error: V.sevenDays })
  .length(7, V.sevenDays);

export const ZSocialLinkSchema = z.object({ network: ZSocialNetworkSchema, url: ZHttpsUrlSchema });
export type TSocialLink = z.infer<typeof ZSocialLinkSchema>;

const noDuplicates = (values: string[], ctx: z.RefinementCtx) => {
  values.forEach((value, index) => {
    if (values.indexOf(value) !== index) ctx.addIssue({ code: "custom", path: [index], message: V.duplicateValue });
  });
};

export const ZCompanyPageInputSchema = z.object({
  name: ZCompanyNameSchema,
  email: ZEmailSchema,
  phone: ZOptionalPhoneSchema.default(null),
  address: ZOptionalAddressSchema.default(null),
  website: ZOptionalUrlSchema.default(null),
  serviceDescription: ZOptionalLongTextSchema.default(null),
  itinerary: ZOptionalLongTextSchema.default(null),
  youtubeUrls: z
    .array(ZYoutubeUrlSchema, { error: V.invalidValue })
    .max(COMPANY_PAGE_LIMITS.videos, V.tooManyItems)
    .superRefine(noDuplicates)
    .default([]),
  /** null: not set yet (the page shows no hours). */
  businessHours: ZBusinessHoursInputSchema.nullable().default(null),
  socialLinks: z
    .array(ZSocialLinkSchema, { error: V.invalidValue })
    .max(COMPANY_PAGE_LIMITS.socialLinks, V.tooManyItems)
    .default([]),
});
export type TCompanyPageInput = z.input<typeof ZCompanyPageInputSchema>;

export const ZBusinessDaySchema = z.object({
  closed: z.boolean(),
  open: z.string().nullable(),
  close: z.string().nullable(),
});
export type TBusinessDay = z.infer<typeof ZBusinessDaySchema>;

/** The page as stored: outputs are plain strings, so a row stored before a rule existed stays readable. */
export const ZCompanyPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  logo: ZIconSchema.nullable(),
  serviceDescription: z.string().nullable(),
  itinerary: z.string().nullable(),
  youtubeUrls: z.array(z.string()),
  businessHours: z.array(ZBusinessDaySchema).nullable(),
  socialLinks: z.array(z.object({ network: z.string(), url: z.string() })),
  updatedAt: z.iso.datetime(),
});
export type TCompanyPage = z.infer<typeof ZCompanyPageSchema>;
