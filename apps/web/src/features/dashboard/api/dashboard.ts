import {
  type TDashboard,
  type TPermitStatus,
  ZDashboardSchema,
  ZPageSchema,
  ZPermitSummarySchema,
} from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { deviceTimeZone } from "../../../lib/time-zone";

/**
 * Under the permits' key: every permit change (which refreshes ["permits"]) refreshes the figures and the week
 * too, without this feature knowing the permits feature.
 */
const DASHBOARD_KEY = ["permits", "dashboard"] as const;

/** GET /api/dashboard?tz=<the device's zone> → the caller's figures. */
export async function getDashboard(): Promise<TDashboard> {
  const response = await api.get("/dashboard", { params: { tz: deviceTimeZone() } });
  return parseData(ZDashboardSchema, response.data);
}

export function useDashboard() {
  return useQuery({ queryKey: [...DASHBOARD_KEY, "figures"], queryFn: getDashboard });
}

/** The agenda shows permits on their way or under way; drafts, rechecks and closed ones are not planned work. */
export const AGENDA_STATUSES: readonly TPermitStatus[] = [
  "sended",
  "Confirmed",
  "Approved",
  "accepted",
  "In_progress",
  "Ended",
];
/** At most this many permits in the week's preview; the rest are a link away. */
export const AGENDA_MAX = 50;

const ZAgendaPageSchema = ZPageSchema(ZPermitSummarySchema);

/** The permits whose work period meets [from, to], earliest start first. */
export async function getAgenda(from: string, to: string) {
  const response = await api.get("/permits", {
    params: {
      view: "all",
      status: AGENDA_STATUSES.join(","),
      from,
      to,
      sort: "startAt",
      page: 1,
      pageSize: AGENDA_MAX,
    },
  });
  return parseBody(ZAgendaPageSchema, response.data);
}

export function useAgenda(from: string, to: string) {
  return useQuery({ queryKey: [...DASHBOARD_KEY, "agenda", from, to], queryFn: () => getAgenda(from, to) });
}
