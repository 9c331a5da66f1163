import type { TArea } from "@openpermit/shared";
import { ZWaitingCountSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { demandKeys } from "./query-keys";

/** Areas with a requests page, hence a badge; the employee has none. */
const AREAS_WITH_REQUESTS: readonly TArea[] = ["admin", "enterprise", "superresponsible", "responsible", "supplier"];

export const WAITING_COUNT_REFRESH_MS = 60_000;

/** GET /api/demands/waiting-count: how many demands wait for the caller's decision. */
export async function getWaitingCount(): Promise<number> {
  const response = await api.get("/demands/waiting-count");
  return parseData(ZWaitingCountSchema, response.data).count;
}

export function hasRequestsPage(area: TArea): boolean {
  return AREAS_WITH_REQUESTS.includes(area);
}

/** The navigation badge: fresh when the user comes back to the tab, and every minute meanwhile. */
export function useWaitingCount(area: TArea) {
  return useQuery({
    queryKey: area === "admin" ? demandKeys.adminWaitingCount : demandKeys.waitingCount,
    queryFn: getWaitingCount,
    enabled: hasRequestsPage(area),
    refetchOnWindowFocus: true,
    refetchInterval: WAITING_COUNT_REFRESH_MS,
    staleTime: 0,
  });
}
