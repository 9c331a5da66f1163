import {
  type TCompanyPage,
  type TCompanyPageInput,
  type TLink,
  ZCompanyPageSchema,
  ZLinkSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { useAuthorisedImage } from "../../../lib/files/use-authorised-image";

export const companyPageKeys = {
  all: ["company-page"] as const,
  own: () => [...companyPageKeys.all, "own"] as const,
  of: (enterpriseId: string) => [...companyPageKeys.all, "of", enterpriseId] as const,
  links: (enterpriseId: string, page: number) => [...companyPageKeys.all, "links", enterpriseId, page] as const,
  logo: (url: string | null | undefined) => [...companyPageKeys.all, "logo", url] as const,
};

/** GET /api/enterprise/company: the caller's enterprise's page (the Enterprise and its managers). */
export function useOwnCompanyPage() {
  return useQuery({
    queryKey: companyPageKeys.own(),
    queryFn: async () => parseData(ZCompanyPageSchema, (await api.get("/enterprise/company")).data),
  });
}

/** GET /api/enterprises/:id/company: an enterprise's page, read only (its staff, its affiliated contractors). */
export function useCompanyPage(enterpriseId: string, enabled = true) {
  return useQuery({
    queryKey: companyPageKeys.of(enterpriseId),
    queryFn: async () => parseData(ZCompanyPageSchema, (await api.get(`/enterprises/${enterpriseId}/company`)).data),
    enabled,
  });
}

export const LINKS_PAGE_SIZE = 10;
const ZLinkPageSchema = ZPageSchema(ZLinkSchema);

/** The useful links of an enterprise's page, a page at a time. */
export function useCompanyLinks(enterpriseId: string, page: number, enabled = true) {
  return useQuery({
    queryKey: companyPageKeys.links(enterpriseId, page),
    queryFn: async (): Promise<{ data: TLink[]; total: number }> => {
      const response = await api.get(`/enterprises/${enterpriseId}/company/links`, {
        params: { page, pageSize: LINKS_PAGE_SIZE },
      });
      return ZLinkPageSchema.parse(response.data);
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every write answers the whole page: it replaces the cached one, and the read-only copies are refetched. */
function useStorePage() {
  const queryClient = useQueryClient();
  return (page: TCompanyPage) => {
    queryClient.setQueryData(companyPageKeys.own(), page);
    void queryClient.invalidateQueries({ queryKey: companyPageKeys.of(page.id) });
  };
}

/** PUT /api/enterprise/company: the whole page (the logo apart). */
export function useSaveCompanyPage() {
  const store = useStorePage();
  return useMutation({
    mutationFn: async (input: TCompanyPageInput) =>
      parseData(ZCompanyPageSchema, (await api.put("/enterprise/company", input)).data),
    onSuccess: store,
  });
}

/** PUT /api/enterprise/company/logo (multipart, field `logo`): 415 for another type, 413 when too large. */
export function useUploadCompanyLogo() {
  const store = useStorePage();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append("logo", file, file.name);
      return parseData(ZCompanyPageSchema, (await api.put("/enterprise/company/logo", body)).data);
    },
    onSuccess: store,
  });
}

export function useRemoveCompanyLogo() {
  const store = useStorePage();
  return useMutation({
    mutationFn: async () => parseData(ZCompanyPageSchema, (await api.delete("/enterprise/company/logo")).data),
    onSuccess: store,
  });
}

/** The company's logo as an object URL. */
export function useCompanyLogoImage(url: string | null | undefined): string | null {
  return useAuthorisedImage(companyPageKeys.logo(url), url, { retry: false });
}
