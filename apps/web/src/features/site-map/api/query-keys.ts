/**
 * Under the permits' key: a permit notification (which refreshes ["permits"]) refreshes the map too, and so does
 * the stream's `site` event (features/notifications/stream), which names only the sector that changed. Apart from
 * the API calls, so that the stream (in every layout) does not load the map's schemas.
 */
export const SITE_MAP_KEY = ["permits", "site-map"] as const;
export const siteMapKeys = {
  sectors: [...SITE_MAP_KEY, "sectors"] as const,
  sector: (id: string) => [...SITE_MAP_KEY, "sector", id] as const,
};
