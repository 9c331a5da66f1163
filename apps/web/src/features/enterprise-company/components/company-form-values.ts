import {
  type TCompanyPage,
  type TCompanyPageInput,
  type TSocialNetwork,
  WEEK_DAYS,
  ZCompanyPageInputSchema,
} from "@openpermit/shared";
import { z } from "zod";

export interface TDayValues {
  closed: boolean;
  open: string;
  close: string;
}

export interface TCompanyFormValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  serviceDescription: string;
  itinerary: string;
  youtubeUrls: string[];
  /** Off: the page shows no hours (they are sent as null). */
  hoursShown: boolean;
  businessHours: TDayValues[];
  socialLinks: { network: TSocialNetwork | ""; url: string }[];
}

/** What a week looks like the first time the hours are shown: working days, the weekend closed. */
export const DEFAULT_WEEK: TDayValues[] = WEEK_DAYS.map((_, index) =>
  index < 5 ? { closed: false, open: "08:00", close: "17:00" } : { closed: true, open: "", close: "" },
);

export function companyFormValues(page: TCompanyPage): TCompanyFormValues {
  return {
    name: page.name,
    email: page.email,
    phone: page.phone ?? "",
    address: page.address ?? "",
    website: page.website ?? "",
    serviceDescription: page.serviceDescription ?? "",
    itinerary: page.itinerary ?? "",
    youtubeUrls: [...page.youtubeUrls],
    hoursShown: page.businessHours !== null,
    businessHours: page.businessHours
      ? page.businessHours.map((day) => ({ closed: day.closed, open: day.open ?? "", close: day.close ?? "" }))
      : DEFAULT_WEEK.map((day) => ({ ...day })),
    socialLinks: page.socialLinks.map((link) => ({ network: link.network as TSocialNetwork, url: link.url })),
  };
}

/** The body of PUT /api/enterprise/company: hidden hours are none; a network left unchosen stays "" (refused). */
export function companyInput(values: TCompanyFormValues): TCompanyPageInput {
  const { hoursShown, businessHours, ...rest } = values;
  return {
    ...rest,
    businessHours: hoursShown ? businessHours : null,
    socialLinks: values.socialLinks as TCompanyPageInput["socialLinks"],
  };
}

/** The form checks what the server checks, on the body it would send (error paths are the form's own). */
export const ZCompanyFormSchema = z.preprocess(
  (values) => companyInput(values as TCompanyFormValues),
  ZCompanyPageInputSchema,
);
