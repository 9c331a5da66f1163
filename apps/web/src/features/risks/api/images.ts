import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useObjectUrl } from "../../../lib/files/use-object-url";

/**
 * An icon or logogram (`/api/…/icon?v=…`) as an object URL: it needs the bearer token, which an <img src>
 * would not send. Its URL changes with every upload, so a loaded image never goes stale.
 */
export function useAuthImage(url: string | null | undefined) {
  const query = useQuery({
    queryKey: ["risk-image", url],
    queryFn: async () => {
      const path = url!.replace(/^\/api(?=\/)/, "");
      const response = await api.get<Blob>(path, { responseType: "blob", headers: { Accept: "image/*" } });
      return response.data;
    },
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  return useObjectUrl(query.data);
}
