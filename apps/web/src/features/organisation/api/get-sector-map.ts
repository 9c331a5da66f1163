import { useAuthorisedImageQuery } from "../../../lib/files/use-authorised-image";
import { useObjectUrl } from "../../../lib/files/use-object-url";

/** The map image (`sector.map.url`, e.g. /api/sectors/:id/map?v=…) as an object URL for Leaflet, or null while it loads. */
export function useSectorMapImage(url: string | null | undefined) {
  const query = useAuthorisedImageQuery(["sector-map", url], url);
  const objectUrl = useObjectUrl(query.data);
  return { ...query, objectUrl };
}
