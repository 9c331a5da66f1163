import { type TSiteSector, type TSiteSectors, ZSiteSectorSchema, ZSiteSectorsSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { deviceTimeZone } from "../../../lib/time-zone";
import { siteMapKeys } from "./query-keys";

/** GET /api/site-map/sectors?tz: the sectors the caller sees, each with what is live there today. */
export async function getSiteSectors(): Promise<TSiteSectors> {
  const response = await api.get("/site-map/sectors", { params: { tz: deviceTimeZone() } });
  return parseData(ZSiteSectorsSchema, response.data);
}

/** GET /api/site-map/sectors/:id?tz: one sector's sub-sectors, permits on it today, isolations in place. */
export async function getSiteSector(id: string): Promise<TSiteSector> {
  const response = await api.get(`/site-map/sectors/${id}`, { params: { tz: deviceTimeZone() } });
  return parseData(ZSiteSectorSchema, response.data);
}

export const useSiteSectors = () => useQuery({ queryKey: siteMapKeys.sectors, queryFn: getSiteSectors });

export const useSiteSector = (id: string | null) =>
  useQuery({ queryKey: siteMapKeys.sector(id ?? ""), queryFn: () => getSiteSector(id!), enabled: id !== null });
