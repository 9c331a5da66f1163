import { PERMIT_SORTS, PERMIT_STATUSES, type TPermitStatus, ZIdSchema } from "@openpermit/shared";
import { deviceTimeZone } from "../../../lib/time-zone";
import type { TPermitListFilters } from "../api/permits";

/**
 * The principal's permit list keeps every filter in the URL's query string (a link, a reload and Back keep
 * them). These read and write that query string; anything malformed in it (a hand-edited link) is ignored
 * rather than sent, so the server never answers a 400 to a link.
 */

export type TPermitSort = (typeof PERMIT_SORTS)[number];
export const DEFAULT_SORT: TPermitSort = "-createdAt";
/** Filters kept in the URL under these names (`view` and `page` are apart: they are not "filters"). */
export const FILTER_KEYS = [
  "status",
  "divisionId",
  "sectorId",
  "contractorId",
  "workTypeId",
  "criticality",
  "from",
  "to",
  "startDay",
  "changedSince",
  "overdue",
  "q",
] as const;
export type TFilterKey = (typeof FILTER_KEYS)[number];

/** What the URL says, as the controls show it: statuses as a list, dates as YYYY-MM-DD. */
export interface TPermitFilterValues {
  status: TPermitStatus[];
  divisionId: string | null;
  sectorId: string | null;
  contractorId: string | null;
  workTypeId: string | null;
  criticality: string | null;
  from: string | null;
  to: string | null;
  /** Work starting on this day; status reached on this day or later (days in the device's zone). */
  startDay: string | null;
  changedSince: string | null;
  /** Only permits in progress past their end. */
  overdue: boolean;
  q: string;
  sort: TPermitSort;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value));
const idOrNull = (value: string | null) => (ZIdSchema.safeParse(value).success ? value : null);

export function readFilters(params: URLSearchParams): TPermitFilterValues {
  const status = (params.get("status") ?? "")
    .split(",")
    .filter((value): value is TPermitStatus => (PERMIT_STATUSES as readonly string[]).includes(value));
  const sort = params.get("sort");
  const from = params.get("from");
  const to = params.get("to");
  const startDay = params.get("startDay");
  const changedSince = params.get("changedSince");
  return {
    status: [...new Set(status)],
    divisionId: idOrNull(params.get("divisionId")),
    sectorId: idOrNull(params.get("sectorId")),
    contractorId: idOrNull(params.get("contractorId")),
    workTypeId: idOrNull(params.get("workTypeId")),
    criticality: params.get("criticality")?.trim().slice(0, 50) || null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    startDay: isDay(startDay) ? startDay : null,
    changedSince: isDay(changedSince) ? changedSince : null,
    overdue: params.get("overdue") === "true",
    q: params.get("q")?.trim().slice(0, 100) ?? "",
    sort: (PERMIT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as TPermitSort) : DEFAULT_SORT,
  };
}

/** The days as instants in the user's zone: from the start of `from` to the end of `to` (both included). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The query the server is asked for (GET /api/permits and its export). */
export function queryOf(values: TPermitFilterValues, view: "todo" | "all"): TPermitListFilters {
  return {
    view,
    status: values.status.join(",") || undefined,
    divisionId: values.divisionId ?? undefined,
    sectorId: values.sectorId ?? undefined,
    contractorId: values.contractorId ?? undefined,
    workTypeId: values.workTypeId ?? undefined,
    criticality: values.criticality ?? undefined,
    from: values.from ? startOfDay(values.from) : undefined,
    to: values.to ? endOfDay(values.to) : undefined,
    startDay: values.startDay ?? undefined,
    changedSince: values.changedSince ?? undefined,
    // The server turns those days into instants in this zone, as the dashboard's figures do.
    tz: values.startDay || values.changedSince ? deviceTimeZone() : undefined,
    overdue: values.overdue ? "true" : undefined,
    q: values.q || undefined,
    sort: values.sort,
  };
}

/** Which filters are set (the sort is not a filter: it does not narrow the list). */
export function activeFilters(values: TPermitFilterValues): TFilterKey[] {
  return FILTER_KEYS.filter((key) => {
    const value = values[key];
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  });
}
