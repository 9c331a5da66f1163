import { type TCompanyPage, type TLink, ZCompanyPageInputSchema } from "@openpermit/shared";
import { apiError, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";

export const RHONE_ID = "00000000-0000-4000-8000-000000000701";
export const VIDEO_ID = "M7lc1UVf-VE";

export function companyPage(overrides: Partial<TCompanyPage> = {}): TCompanyPage {
  return {
    id: RHONE_ID,
    name: "Rhône Refinery",
    email: "contact@refinery.example",
    phone: "+33 4 72 00 00 00",
    address: "1 quai de la Raffinerie, Feyzin",
    website: "https://refinery.example",
    logo: null,
    serviceDescription: "Refining and storage.",
    itinerary: "Gate B, then the blue walkway.",
    youtubeUrls: [`https://www.youtube.com/watch?v=${VIDEO_ID}`],
    businessHours: [
      ...Array.from({ length: 5 }, () => ({ closed: false, open: "07:00", close: "18:00" })),
      { closed: false, open: "08:00", close: "12:00" },
      { closed: true, open: null, close: null },
    ],
    socialLinks: [{ network: "linkedin", url: "https://www.linkedin.com/company/rhone" }],
    updatedAt: "2026-11-20T08:30:00.000Z",
    ...overrides,
  };
}

export const usefulLink = (n: number, title: string, tag = ""): TLink => ({
  id: `00000000-0000-4000-8000-${String(800 + n).padStart(12, "0")}`,
  title,
  url: `https://refinery.example/${n}`,
  tag,
  createdAt: "2026-11-20T08:30:00.000Z",
});

export interface TCompanyState {
  page: TCompanyPage;
  links: TLink[];
  /** Answer the next PUT with this error instead (the server's refusal of what passed the form). */
  refuseNextSave?: TFakeAnswer;
}

/** The company page routes in memory, checked by the shared schema as the server does; undefined for others. */
export function companyRoutes(state: TCompanyState) {
  return ({ method, url, params, body }: TFakeRequest): TFakeAnswer | undefined => {
    const own = url === "/enterprise/company";
    const of = url === `/enterprises/${state.page.id}/company`;
    if (method === "GET" && (own || of)) return { status: 200, data: { data: state.page } };
    if (method === "GET" && url === `/enterprises/${state.page.id}/company/links`) {
      const page = Number(params.page ?? 1);
      const pageSize = Number(params.pageSize ?? 20);
      const data = state.links.slice((page - 1) * pageSize, page * pageSize);
      return { status: 200, data: { data, page, pageSize, total: state.links.length } };
    }
    if (method === "PUT" && own) {
      if (state.refuseNextSave) {
        const answer = state.refuseNextSave;
        state.refuseNextSave = undefined;
        return answer;
      }
      const parsed = ZCompanyPageInputSchema.safeParse(body);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
        return apiError(400, "VALIDATION_FAILED", fields);
      }
      state.page = { ...state.page, ...parsed.data, updatedAt: new Date().toISOString() };
      return { status: 200, data: { data: state.page } };
    }
    return undefined;
  };
}
