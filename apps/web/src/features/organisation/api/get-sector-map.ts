import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { useObjectUrl } from "../../../lib/files/use-object-url";

/**
 * GET the map image (`sector.map.url`, e.g. /api/sectors/:id/map?v=…) as a blob: it needs the bearer
 * token, which an <img src> would not send. The URL changes with every upload, so an image once
 * loaded never goes stale.
 */
export async function getSectorMap(url: string): Promise<Blob> {
  const path = url.replace(/^\/api(?=\/)/, "");
  const response = await api.get<Blob>(path, { responseType: "blob", headers: { Accept: "image/*" } });
  return response.data;
}

/** The map image as an object URL for Leaflet, or null while it loads. */
export function useSectorMapImage(url: string | null | undefined) {
  const query = useQuery({
    queryKey: ["sector-map", url],
    queryFn: () => getSectorMap(url!),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const objectUrl = useObjectUrl(query.data);
  return { ...query, objectUrl };
}
