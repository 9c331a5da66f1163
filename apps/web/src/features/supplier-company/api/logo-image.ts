import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useObjectUrl } from "../../../lib/files/use-object-url";
import { supplierCompanyKeys } from "./query-keys";

/**
 * A supplier's logo (`/api/suppliers/:id/logo?v=…`) as an object URL: the route needs the bearer token, which an
 * <img src> would not send. The URL changes with every upload, so a loaded logo never goes stale.
 */
export function useLogoImage(url: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: supplierCompanyKeys.logo(url),
    queryFn: async () => {
      const path = url!.replace(/^\/api(?=\/)/, "");
      const response = await api.get<Blob>(path, { responseType: "blob", headers: { Accept: "image/*" } });
      return response.data;
    },
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
  return useObjectUrl(query.data);
}
