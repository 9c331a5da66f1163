import {
  type TDivision,
  type TStatisticsChart,
  ZDivisionSchema,
  ZPageSchema,
  ZStatisticsSchema,
} from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { fetchAllPages } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { saveBlob } from "../../../lib/files/save-blob";

/** What the page asks for: a period (both days or neither: the server's last 12 months) and a division. */
export interface TStatisticsFilters {
  from?: string;
  to?: string;
  divisionId?: string;
}

/** The reader's zone: days and months are counted where the reader is. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const paramsOf = (filters: TStatisticsFilters) => {
  const params: Record<string, string> = { tz: timeZone() };
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  return params;
};

/** GET /api/statistics?from&to&divisionId&tz → every chart's figures, aggregated by the server. */
export async function getStatistics(filters: TStatisticsFilters) {
  const response = await api.get("/statistics", { params: paramsOf(filters) });
  return parseData(ZStatisticsSchema, response.data);
}

export function useStatistics(filters: TStatisticsFilters, enabled = true) {
  return useQuery({
    queryKey: ["statistics", filters],
    enabled,
    queryFn: () => getStatistics(filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/statistics/export?…&chart: one chart's data as a CSV file, saved with the token. */
export async function downloadChartCsv(chart: TStatisticsChart, filters: TStatisticsFilters, period: string) {
  const response = await api.get<Blob>("/statistics/export", {
    params: { ...paramsOf(filters), chart },
    responseType: "blob",
    headers: { Accept: "text/csv" },
  });
  saveBlob(response.data, `statistics-${chart}-${period}.csv`);
}

const ZDivisionPageSchema = ZPageSchema(ZDivisionSchema);

/** The enterprise's divisions (GET /api/divisions, every page), for the Enterprise's division filter. */
export function useStatisticsDivisions(enabled: boolean) {
  return useQuery({
    queryKey: ["statistics", "divisions"],
    enabled,
    queryFn: () =>
      fetchAllPages<TDivision>(async (page, pageSize) => {
        const response = await api.get("/divisions", { params: { page, pageSize } });
        return parseBody(ZDivisionPageSchema, response.data);
      }),
  });
}
