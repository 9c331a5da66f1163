import { type TPermitCalendarQuery, ZPermitCalendarSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

/** Under the permits' own key: whatever refreshes the permit lists (a transition) refreshes the calendar too. */
export const calendarKey = (query: TPermitCalendarQuery) => ["permits", "calendar", query] as const;

/** GET /api/permits/calendar?from&to&…the list's filters; empty filters are left out. */
export async function getPermitCalendar(query: TPermitCalendarQuery) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value) params[key] = String(value);
  const response = await api.get("/permits/calendar", { params });
  return parseData(ZPermitCalendarSchema, response.data);
}

/** The permits of the visible period; the previous period's stay on screen while the next one loads. */
export function usePermitCalendar(query: TPermitCalendarQuery | null) {
  return useQuery({
    queryKey: calendarKey(query ?? { from: "", to: "" }),
    queryFn: () => getPermitCalendar(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
